/**
 * `GET /api/reviews?cursor=&limit=` (public): the published reviews, newest published first, with
 * the average rating and the count of all of them; `nextCursor` asks for the next page, null
 * after the last. The home page asks for the newest three; /reviews a page at a time
 * (get-review-pages.ts, kept out of the landing page's first-load JavaScript).
 */
import { queryOptions } from '@tanstack/react-query';
import type { PublicReviewsPage } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { publishedReviewsQueryKey } from '../../../lib/published-reviews-query-key.ts';

/** The home page shows real reviews only once there are this many (the spec has three cards). */
export const LATEST_REVIEWS_SHOWN = 3;

export function getPublishedReviews(
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PublicReviewsPage> {
  const search = new URLSearchParams({ limit: String(limit) });
  if (cursor) search.set('cursor', cursor);
  return api.get<PublicReviewsPage>(`/reviews?${search.toString()}`, signal);
}

/** The home page's newest published reviews. */
export function latestReviewsQueryOptions() {
  return queryOptions({
    queryKey: [...publishedReviewsQueryKey, 'latest'],
    queryFn: ({ signal }) => getPublishedReviews(LATEST_REVIEWS_SHOWN, null, signal),
  });
}
