/**
 * `GET /api/admin/reviews?status=&cursor=&limit=` (admin): the reviews in one status, a page at a
 * time (each page's `nextCursor` asks for the next, null after the last). New ones are `pending`.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReviewsPage, ReviewStatus } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

/** Every status's pages, as a prefix: the query adds the status. A decision moves a review. */
export const adminReviewsQueryKey = ['admin-reviews'] as const;

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export function getAdminReviews(
  status: ReviewStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminReviewsPage> {
  const search = new URLSearchParams({ status, limit: String(ADMIN_REVIEWS_PAGE_SIZE) });
  if (cursor) search.set('cursor', cursor);
  return api.get<AdminReviewsPage>(`/admin/reviews?${search.toString()}`, signal);
}

export function adminReviewsQueryOptions(status: ReviewStatus) {
  return infiniteQueryOptions({
    queryKey: [...adminReviewsQueryKey, status],
    queryFn: ({ pageParam, signal }) => getAdminReviews(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Patients write and edit at any time: each visit to the page asks again.
    staleTime: 0,
  });
}

export function useAdminReviews(status: ReviewStatus) {
  return useInfiniteQuery(adminReviewsQueryOptions(status));
}
