import { useRef } from 'react';
import { toast } from 'sonner';
import type { OwnReview, ReviewedVisit } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useWithdrawReview } from '../api/withdraw-review.ts';
import { visitName } from '../utils/review-texts.ts';

export const REVIEW_WITHDRAWN_TOAST = 'Your review is withdrawn.';

type WithdrawReviewDialogProps = { review: OwnReview; visit: ReviewedVisit; onClose: () => void };

/**
 * Asks before withdrawing a review: it is no longer shown, and the visit cannot be reviewed again.
 * A review the server no longer has (404) is as good as withdrawn; other refusals stay here.
 */
export function WithdrawReviewDialog({ review, visit, onClose }: WithdrawReviewDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const withdraw = useWithdrawReview();
  const isGone = isApiError(withdraw.error) && withdraw.error.status === 404;
  const refusal = withdraw.isError && !isGone ? errorMessage(withdraw.error) : null;

  const confirm = () =>
    withdraw.mutate(review._id, {
      onSuccess: () => {
        toast.success(REVIEW_WITHDRAWN_TOAST);
        modalRef.current?.close();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 404) modalRef.current?.close();
      },
    });

  return (
    <Modal ref={modalRef} title="Withdraw your review?" onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p>
          Your review of {visitName(visit)} will no longer be shown, and you cannot review this
          visit again.
        </p>
        {refusal && (
          <p role="alert" className="text-error">
            {refusal}
          </p>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => modalRef.current?.close()}>
            Keep it
          </Button>
          <Button
            variant="outline"
            className="btn-error"
            isLoading={withdraw.isPending}
            onClick={confirm}
          >
            Yes, withdraw it
          </Button>
        </div>
      </div>
    </Modal>
  );
}
