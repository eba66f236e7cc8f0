/**
 * After a patient's review changes: their own list, and what the public sees (the published
 * reviews and the doctors' ratings), which an edit or a withdrawal of a published review changes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { publicDoctorsQueryKey, publishedReviewsQueryKey } from '../../../lib/query-keys.ts';
import { myReviewsQueryKey } from './get-my-reviews.ts';

export function ownReviewChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: myReviewsQueryKey }),
    queryClient.invalidateQueries({ queryKey: publishedReviewsQueryKey }),
    queryClient.invalidateQueries({ queryKey: publicDoctorsQueryKey }),
  ]);
}
