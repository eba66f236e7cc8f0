import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import type { FutureBookingsConflict } from '../api/future-bookings-conflict.ts';
import { AffectedBookingsList } from './affected-bookings-list.tsx';

type CancelBookingsDialogProps = {
  /** What the admin tried, e.g. 'Delete Teeth Cleaning?'. */
  title: string;
  conflict: FutureBookingsConflict;
  doctorNames?: ReadonlyMap<string, string>;
  /** Tries again, cancelling the bookings; the owner closes the dialog (through `ref`) once done. */
  onCancelAndNotify: () => void;
  isPending: boolean;
  onClose: () => void;
  ref?: Ref<ModalHandle>;
};

/**
 * A change that would strand confirmed bookings: the bookings, and 'Cancel them and notify',
 * which asks once more (cancelling cannot be undone) before the owner tries again with the
 * bookings cancelled. Keeping them changes nothing.
 */
export function CancelBookingsDialog({
  title,
  conflict,
  doctorNames,
  onCancelAndNotify,
  isPending,
  onClose,
  ref,
}: CancelBookingsDialogProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const modalRef = useRef<ModalHandle>(null);
  useImperativeHandle(ref, () => ({ close: () => modalRef.current?.close() }), []);
  const bookings = conflict.count === 1 ? '1 booking' : `${conflict.count} bookings`;
  return (
    <Modal ref={modalRef} title={isConfirming ? `Cancel ${bookings}?` : title} onClose={onClose}>
      {isConfirming ? (
        <p>
          Each booking is cancelled and its patient gets an email saying so. This cannot be undone.
        </p>
      ) : (
        <AffectedBookingsList conflict={conflict} doctorNames={doctorNames} />
      )}
      <div className="modal-action flex-wrap">
        {isConfirming ? (
          <>
            <Button variant="outline" disabled={isPending} onClick={() => setIsConfirming(false)}>
              Go back
            </Button>
            <Button className="btn-error" isLoading={isPending} onClick={onCancelAndNotify}>
              Yes, cancel {bookings} and notify
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => modalRef.current?.close()}>
              Keep them
            </Button>
            <Button className="btn-error" onClick={() => setIsConfirming(true)}>
              Cancel them and notify
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
