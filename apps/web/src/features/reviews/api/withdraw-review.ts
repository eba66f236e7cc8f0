/**
 * `DELETE /api/reviews/:id`: the author withdraws their review. It is no longer public; the visit
 * stays reviewed (it cannot be reviewed again).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ownReviewChanged } from './review-changed.ts';

export function withdrawReview(id: string): Promise<void> {
  return api.delete<void>(`/reviews/${encodeURIComponent(id)}`);
}

export function useWithdrawReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawReview,
    onSettled: () => ownReviewChanged(queryClient),
  });
}
