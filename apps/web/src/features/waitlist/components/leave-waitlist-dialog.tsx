import { useRef } from 'react';
import { toast } from 'sonner';
import type { WaitlistEntry } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useLeaveWaitlist } from '../api/leave-waitlist.ts';
import { dateRangeText, leftToast } from '../utils/waitlist-texts.ts';

type LeaveWaitlistDialogProps = { entry: WaitlistEntry; onClose: () => void };

/**
 * Asks before leaving the waitlist: no more offers come for it afterwards. An entry the server no
 * longer has (it was booked or ran out meanwhile) is as good as left; other refusals stay here.
 */
export function LeaveWaitlistDialog({ entry, onClose }: LeaveWaitlistDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const leave = useLeaveWaitlist();
  const isGone = isApiError(leave.error) && leave.error.status === 404;
  const refusal = leave.isError && !isGone ? errorMessage(leave.error) : null;

  const confirm = () =>
    leave.mutate(entry._id, {
      onSuccess: () => {
        toast.success(leftToast(entry.treatment));
        modalRef.current?.close();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 404) modalRef.current?.close();
      },
    });

  return (
    <Modal ref={modalRef} title="Leave the waitlist?" onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p>
          You will get no more offers for {entry.treatment} ({dateRangeText(entry)}).
        </p>
        {refusal && (
          <p role="alert" className="text-error">
            {refusal}
          </p>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => modalRef.current?.close()}>
            Stay on the waitlist
          </Button>
          <Button
            variant="outline"
            className="btn-error"
            isLoading={leave.isPending}
            onClick={confirm}
          >
            Yes, leave it
          </Button>
        </div>
      </div>
    </Modal>
  );
}
