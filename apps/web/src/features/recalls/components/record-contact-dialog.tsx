import { useRef } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { recallContactedRequestSchema, type AdminRecallItem } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useRecordRecallContact } from '../api/record-recall-contact.ts';
import { patientNameOf } from './recall-card.tsx';

type ContactForm = z.output<typeof recallContactedRequestSchema>;

type RecordContactDialogProps = { item: AdminRecallItem; onClose: () => void };

/**
 * The desk phoned or wrote to a due patient: how, and what came of it (the note replaces the
 * recall's, when given). The recall stays due until the patient books.
 */
export function RecordContactDialog({ item, onClose }: RecordContactDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const record = useRecordRecallContact();
  const name = patientNameOf(item);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(recallContactedRequestSchema, { defaultValues: { channel: 'phone', note: '' } });

  const submit = ({ channel, note }: ContactForm) =>
    record.mutate(
      { id: item.recall._id, channel, ...(note ? { note } : {}) },
      {
        onSuccess: () => {
          toast.success(`Contact with ${name} recorded`);
          modalRef.current?.close();
        },
        onError: (error) => {
          // The dialog stays open: the desk may try again or cancel.
          if (!setServerFieldErrors(setError, error, ['note'], { shouldFocus: false })) {
            toast.error(errorMessage(error));
          }
        },
      },
    );

  return (
    <Modal ref={modalRef} title={`Record contact with ${name}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex flex-col gap-4"
      >
        <p>
          {item.recall.treatment}, due {mediumDateOf(item.recall.dueDate)}.
        </p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">How</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                value="phone"
                className="size-4 accent-primary"
                {...register('channel')}
              />
              Phone
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                value="mail"
                className="size-4 accent-primary"
                {...register('channel')}
              />
              Mail
            </label>
          </div>
        </fieldset>
        <TextAreaField
          label="Note (optional)"
          rows={2}
          maxLength={500}
          placeholder="Will call back after the holidays"
          error={errors.note?.message}
          {...register('note')}
        />
        <p className="text-sm opacity-80">A note replaces the one the recall has.</p>
        <div className="modal-action flex-wrap">
          <Button variant="outline" onClick={() => modalRef.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" isLoading={record.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
