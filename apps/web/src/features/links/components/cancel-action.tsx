import { useState, type FormEvent } from 'react';
import type { LinkBooking, LinkResult } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { Instant } from '../../../lib/instants.tsx';
import { useCancelLink } from '../api/cancel-link.ts';
import { ActionError } from './action-result.tsx';

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

  if (!booking.cancelUntil) {
    return (
      <p role="status">
        This appointment can no longer be cancelled online. Please call the clinic, or ask us to
        call you below.
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
        You can cancel online until <Instant iso={booking.cancelUntil} />.
      </p>
      <TextAreaField
        label="Reason (optional)"
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
      />
      {cancel.isError && <ActionError>{errorMessage(cancel.error)}</ActionError>}
      <Button type="submit" className="w-full sm:w-auto sm:self-start" isLoading={cancel.isPending}>
        Cancel appointment
      </Button>
    </form>
  );
}
