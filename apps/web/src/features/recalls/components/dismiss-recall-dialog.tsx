import { useRef } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { recallDismissRequestSchema, type AdminRecallItem } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useDismissRecall } from '../api/dismiss-recall.ts';
import { patientNameOf } from './recall-card.tsx';

/** The dialog asks only for the note; the status is what the dialog is for. */
const dismissFormSchema = z.object({ note: recallDismissRequestSchema.shape.note });
type DismissForm = z.output<typeof dismissFormSchema>;

type DismissRecallDialogProps = { item: AdminRecallItem; onClose: () => void };

/** The patient is not to be recalled (moved away, treated elsewhere): why, if the desk says. */
export function DismissRecallDialog({ item, onClose }: DismissRecallDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const dismiss = useDismissRecall();
  const name = patientNameOf(item);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(dismissFormSchema, { defaultValues: { note: '' } });

  const submit = ({ note }: DismissForm) =>
    dismiss.mutate(
      { id: item.recall._id, ...(note ? { note } : {}) },
      {
        onSuccess: () => {
          toast.success(`${name}'s recall dismissed`);
          modalRef.current?.close();
        },
        onError: (error) => {
          if (!setServerFieldErrors(setError, error, ['note'], { shouldFocus: false })) {
            toast.error(errorMessage(error));
          }
        },
      },
    );

  return (
    <Modal ref={modalRef} title={`Dismiss ${name}'s recall?`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex flex-col gap-4"
      >
        <p>
          {item.recall.treatment}, due {mediumDateOf(item.recall.dueDate)}. No more check-up
          messages go out for it, and it leaves the patients due.
        </p>
        <TextAreaField
          label="Note (optional)"
          rows={2}
          maxLength={500}
          placeholder="Moved away"
          error={errors.note?.message}
          {...register('note')}
        />
        <div className="modal-action flex-wrap">
          <Button variant="outline" onClick={() => modalRef.current?.close()}>
            Keep it
          </Button>
          <Button type="submit" className="btn-error" isLoading={dismiss.isPending}>
            Dismiss
          </Button>
        </div>
      </form>
    </Modal>
  );
}
