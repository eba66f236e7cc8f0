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
import { familyText, useFamilyT } from '../../../i18n/family.ts';
import { upcomingInTheWay, useRemoveDependent } from '../api/remove-dependent.ts';
import { upcomingCount } from './dependent-card.tsx';

type RemoveDependentDialogProps = { dependent: Dependent; onClose: () => void };

export function RemoveDependentDialog({ dependent, onClose }: RemoveDependentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const stepRef = useRef<HTMLParagraphElement>(null);
  const remove = useRemoveDependent();
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Set once the server said upcoming appointments stand in the way: the second step. */
  const [upcoming, setUpcoming] = useState<number | null>(null);
  const { name } = dependent;
  const t = useFamilyT();

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
          toast.success(familyText('{{name}} removed from your family', { name }));
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
    <Modal ref={modalRef} title={t('Remove {{name}}?', { name })} onClose={onClose}>
      <div className="flex flex-col gap-3">
        {upcoming === null ? (
          <p>
            {t(
              '{{name}} will no longer be in your family: nobody can book for them or see their appointments here any more.',
              { name },
            )}
          </p>
        ) : (
          <p ref={stepRef} tabIndex={-1} className="focus:outline-none">
            {upcoming === 1
              ? t('{{name}} has {{upcoming}}. To remove {{name}}, cancel it too.', {
                  name,
                  upcoming: upcomingCount(t, upcoming),
                })
              : t('{{name}} has {{upcoming}}. To remove {{name}}, cancel them too.', {
                  name,
                  upcoming: upcomingCount(t, upcoming),
                })}
          </p>
        )}
        <ModalFooter
          refusal={refusal}
          dismissLabel={t('Keep {{name}}', { name })}
          onDismiss={() => modalRef.current?.close()}
        >
          {upcoming === null ? (
            <Button
              variant="outline"
              className="btn-error"
              isLoading={remove.isPending}
              onClick={() => confirm(false)}
            >
              {t('Remove')}
            </Button>
          ) : (
            <Button
              variant="outline"
              className="btn-error"
              isLoading={remove.isPending}
              onClick={() => confirm(true)}
            >
              {t('Cancel their {{upcoming}} and remove', { upcoming: upcomingCount(t, upcoming) })}
            </Button>
          )}
        </ModalFooter>
      </div>
    </Modal>
  );
}
