/**
 * `PATCH /api/admin/reviews/:id` (admin): publish or hide a review, with an optional note; the
 * server audits the decision. 409 for a review its author withdrew. A decision changes what the
 * public sees: the published reviews and the doctors' ratings.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, ModerateReview } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicDoctorsQueryKey, publishedReviewsQueryKey } from '../../../lib/query-keys.ts';
import { adminReviewsQueryKey } from './get-admin-reviews.ts';

export type ModerateReviewInput = { id: string; decision: ModerateReview };

export async function moderateReview({ id, decision }: ModerateReviewInput): Promise<AdminReview> {
  const answer = await apiRequest<{ review: AdminReview }>(
    `/admin/reviews/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: decision },
  );
  return answer.review;
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    // A refusal too: a 409 means the author withdrew it meanwhile, so the list is stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: publishedReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: publicDoctorsQueryKey }),
      ]),
  });
}
