/** /reviews: every published review (`GET /api/reviews`), a page at a time, newest first. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { publishedReviewsQueryKey } from '../../../lib/query-keys.ts';
import { getPublishedReviews } from './get-published-reviews.ts';

export const REVIEWS_PAGE_SIZE = 12;

export function publishedReviewsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...publishedReviewsQueryKey, 'pages'],
    queryFn: ({ pageParam, signal }) => getPublishedReviews(REVIEWS_PAGE_SIZE, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
