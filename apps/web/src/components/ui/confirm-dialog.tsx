import { useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useCommonText } from '../../i18n/common.ts';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { Modal, ModalFooter, type ModalHandle } from './modal.tsx';

type ConfirmDialogProps = {
  title: string;
  /** What the change will do, said before it is done. */
  children: ReactNode;
  /** The way out ('Keep it'). */
  keepLabel: string;
  /** The change ('Yes, withdraw it'). */
  confirmLabel: string;
  /** Makes the change. */
  onConfirm: () => Promise<unknown>;
  /** Said once it is done. */
  doneToast: string;
  onClose: () => void;
};

/**
 * Asks before a change that cannot be undone (leaving a waitlist, withdrawing a review). Something
 * the server no longer has (404: booked, expired or removed meanwhile) is as good as done; any
 * other refusal stays in the dialog, which stays open, in the reader's language when the `common`
 * catalog has it (the connection failure, the server's 'Something went wrong').
 */
export function ConfirmDialog({ title, children, keepLabel, confirmLabel, onConfirm, doneToast, onClose }: ConfirmDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const [isPending, setIsPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const text = useCommonText();

  const confirm = async () => {
    setIsPending(true);
    setRefusal(null);
    try {
      await onConfirm();
      toast.success(doneToast);
      modalRef.current?.close();
    } catch (error) {
      if (isApiError(error) && error.status === 404) modalRef.current?.close();
      else setRefusal(errorMessage(error));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Modal ref={modalRef} title={title} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p>{children}</p>
        <ModalFooter refusal={refusal && text(refusal)} dismissLabel={keepLabel} onDismiss={() => modalRef.current?.close()}>
          <Button variant="outline" className="btn-error" isLoading={isPending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </ModalFooter>
      </div>
    </Modal>
  );
}
