/**
 * `GET /api/me/reviews`: the signed-in patient's reviews, each with the visit it is about, and
 * the completed visits not reviewed yet.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReviews } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

/** Writing, editing and withdrawing a review change it; so does the clinic's decision. */
export const myReviewsQueryKey = ['my-reviews'] as const;

export function getMyReviews(signal?: AbortSignal): Promise<MyReviews> {
  return api.get<MyReviews>('/me/reviews', signal);
}

export function myReviewsQueryOptions() {
  return queryOptions({
    queryKey: myReviewsQueryKey,
    queryFn: ({ signal }) => getMyReviews(signal),
    // The clinic may have decided meanwhile: each visit to the page asks again.
    staleTime: 0,
  });
}

export function useMyReviews() {
  return useQuery(myReviewsQueryOptions());
}
