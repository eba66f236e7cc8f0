import { useState, type FormEvent } from 'react';
import type { LinkBooking, LinkResult } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { useCancelLink } from '../api/cancel-link.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError } from './action-result.tsx';
import { TimedSentence } from './sentence.tsx';

type CancelActionProps = {
  token: string;
  booking: LinkBooking;
  onDone: (result: LinkResult) => void;
};

/**
 * Cancelling, with an optional reason, while the clinic's notice window is open. Past it (or for
 * a clinic that takes no cancellation online) the patient is pointed to the phone.
 */
export function CancelAction({ token, booking, onDone }: CancelActionProps) {
  const cancel = useCancelLink(token);
  const [reason, setReason] = useState('');
  const { t, problem } = useLinkWords();

  if (!booking.cancelUntil) {
    return (
      <p role="status">
        {t(
          'This appointment can no longer be cancelled online. Please call the clinic, or ask us to call you below.',
        )}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    cancel.mutate(trimmed ? { reason: trimmed } : {}, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p>
        <TimedSentence
          text={t('You can cancel online until {{time}}.')}
          iso={booking.cancelUntil}
        />
      </p>
      <TextAreaField
        label={t('Reason (optional)')}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
      />
      {cancel.isError && <ActionError>{problem(cancel.error)}</ActionError>}
      <Button type="submit" className="w-full sm:w-auto sm:self-start" isLoading={cancel.isPending}>
        {t('Cancel appointment')}
      </Button>
    </form>
  );
}
