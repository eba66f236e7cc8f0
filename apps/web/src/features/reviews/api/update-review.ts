/**
 * `PATCH /api/reviews/:id`: the author changes the rating, the text or the location. An edited
 * published review goes back to the clinic (`pending`) and is not public until published again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnReview, ReviewUpdate } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { ownReviewChanged } from './review-changed.ts';

export type UpdateReviewInput = { id: string; changes: ReviewUpdate };

export async function updateReview({ id, changes }: UpdateReviewInput): Promise<OwnReview> {
  const answer = await apiRequest<{ review: OwnReview }>(`/reviews/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
  });
  return answer.review;
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSettled: () => ownReviewChanged(queryClient),
  });
}
