import type { OwnReview, ReviewedVisit } from '@clinic/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useWithdrawReview } from '../api/withdraw-review.ts';
import { visitName } from '../utils/review-texts.ts';

export const REVIEW_WITHDRAWN_TOAST = 'Your review is withdrawn.';

type WithdrawReviewDialogProps = { review: OwnReview; visit: ReviewedVisit; onClose: () => void };

/** Asks before withdrawing a review: it is no longer shown, and the visit cannot be reviewed again. */
export function WithdrawReviewDialog({ review, visit, onClose }: WithdrawReviewDialogProps) {
  const withdraw = useWithdrawReview();
  return (
    <ConfirmDialog
      title="Withdraw your review?"
      keepLabel="Keep it"
      confirmLabel="Yes, withdraw it"
      onConfirm={() => withdraw.mutateAsync(review._id)}
      doneToast={REVIEW_WITHDRAWN_TOAST}
      onClose={onClose}
    >
      Your review of {visitName(visit)} will no longer be shown, and you cannot review this visit
      again.
    </ConfirmDialog>
  );
}
