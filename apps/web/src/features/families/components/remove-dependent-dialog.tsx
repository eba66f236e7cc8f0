/**
 * Asks before removing a family member. While they have upcoming appointments the server says
 * how many, and the dialog asks a second time whether to cancel those with the removal.
 */
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Dependent } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Modal, ModalFooter, type ModalHandle } from '../../../components/ui/modal.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { upcomingInTheWay, useRemoveDependent } from '../api/remove-dependent.ts';
import { cancelAndRemoveLabel, removedToast, upcomingText } from '../utils/family-texts.ts';

type RemoveDependentDialogProps = { dependent: Dependent; onClose: () => void };

export function RemoveDependentDialog({ dependent, onClose }: RemoveDependentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const stepRef = useRef<HTMLParagraphElement>(null);
  const remove = useRemoveDependent();
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Set once the server said upcoming appointments stand in the way: the second step. */
  const [upcoming, setUpcoming] = useState<number | null>(null);
  const { name } = dependent;

  // The button pressed gives way to the second step's: its question takes the focus.
  useEffect(() => {
    if (upcoming !== null) stepRef.current?.focus();
  }, [upcoming]);

  const confirm = (cancelFuture: boolean) => {
    setRefusal(null);
    remove.mutate(
      { id: dependent._id, cancelFuture },
      {
        onSuccess: () => {
          toast.success(removedToast(name));
          modalRef.current?.close();
        },
        onError: (error) => {
          const inTheWay = upcomingInTheWay(error);
          if (inTheWay !== null && !cancelFuture) setUpcoming(inTheWay);
          // Removed meanwhile (another guardian): as good as done.
          else if (isApiError(error) && error.status === 404) modalRef.current?.close();
          else setRefusal(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal ref={modalRef} title={`Remove ${name}?`} onClose={onClose}>
      <div className="flex flex-col gap-3">
        {upcoming === null ? (
          <p>
            {name} will no longer be in your family: nobody can book for them or see their
            appointments here any more.
          </p>
        ) : (
          <p ref={stepRef} tabIndex={-1} className="focus:outline-none">
            {name} has {upcomingText(upcoming)}. To remove {name}, cancel{' '}
            {upcoming === 1 ? 'it' : 'them'} too.
          </p>
        )}
        <ModalFooter
          refusal={refusal}
          dismissLabel={`Keep ${name}`}
          onDismiss={() => modalRef.current?.close()}
        >
          {upcoming === null ? (
            <Button
              variant="outline"
              className="btn-error"
              isLoading={remove.isPending}
              onClick={() => confirm(false)}
            >
              Remove
            </Button>
          ) : (
            <Button
              variant="outline"
              className="btn-error"
              isLoading={remove.isPending}
              onClick={() => confirm(true)}
            >
              {cancelAndRemoveLabel(upcoming)}
            </Button>
          )}
        </ModalFooter>
      </div>
    </Modal>
  );
}
