/**
 * `POST /api/booking/:id/review`: the patient reviews one of their completed visits, once. The
 * review waits for the clinic (`pending`). 400 with field errors, 404 for a visit not theirs, 409
 * `conflict` for a visit already reviewed or not completed, 429 when they write too many.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyReviews, OwnReview, ReviewCreate, ReviewedVisit } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { myReviewsQueryKey } from './get-my-reviews.ts';

export type CreateReviewInput = { visit: ReviewedVisit; review: ReviewCreate };

export async function createReview({ visit, review }: CreateReviewInput): Promise<OwnReview> {
  const answer = await api.post<{ review: OwnReview }>(
    `/booking/${encodeURIComponent(visit._id)}/review`,
    review,
  );
  return answer.review;
}

/** The list as it is after the review was written: the visit moves from reviewable to reviewed. */
export function withNewReview(list: MyReviews, visit: ReviewedVisit, review: OwnReview): MyReviews {
  return {
    reviews: [{ review, booking: visit }, ...list.reviews],
    reviewable: list.reviewable.filter((id) => id !== visit._id),
    reviewableVisits: list.reviewableVisits.filter(({ _id }) => _id !== visit._id),
  };
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review, { visit }) =>
      queryClient.setQueryData<MyReviews>(myReviewsQueryKey, (list) =>
        list ? withNewReview(list, visit, review) : list,
      ),
    // A refusal too: a 409 means the list was stale (reviewed from another tab, not completed).
    onSettled: () => queryClient.invalidateQueries({ queryKey: myReviewsQueryKey }),
  });
}
