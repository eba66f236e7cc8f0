import type { OwnReview, ReviewedVisit } from '@clinic/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useWithdrawReview } from '../api/withdraw-review.ts';
import { useReviewsT } from '../../../i18n/reviews.ts';
import { useReviewTexts } from '../utils/use-review-texts.ts';

export const REVIEW_WITHDRAWN_TOAST = 'Your review is withdrawn.';

type WithdrawReviewDialogProps = { review: OwnReview; visit: ReviewedVisit; onClose: () => void };

/** Asks before withdrawing a review: it is no longer shown, and the visit cannot be reviewed again. */
export function WithdrawReviewDialog({ review, visit, onClose }: WithdrawReviewDialogProps) {
  const withdraw = useWithdrawReview();
  const t = useReviewsT();
  const { visitName } = useReviewTexts();
  return (
    <ConfirmDialog
      title={t('Withdraw your review?')}
      keepLabel={t('Keep it')}
      confirmLabel={t('Yes, withdraw it')}
      onConfirm={() => withdraw.mutateAsync(review._id)}
      doneToast={t(REVIEW_WITHDRAWN_TOAST)}
      onClose={onClose}
    >
      {t(
        'Your review of {{visit}} will no longer be shown, and you cannot review this visit again.',
        {
          visit: visitName(visit),
        },
      )}
    </ConfirmDialog>
  );
}
