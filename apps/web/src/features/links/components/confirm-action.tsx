import type { LinkBooking, LinkResult } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { Instant } from '../../../lib/instants.tsx';
import { useConfirmLink } from '../api/confirm-link.ts';
import { ActionError } from './action-result.tsx';

type ConfirmActionProps = {
  token: string;
  booking: LinkBooking;
  onDone: (result: LinkResult) => void;
};

/** "Confirm I'm coming", unless the patient already said so (a text reply, another link). */
export function ConfirmAction({ token, booking, onDone }: ConfirmActionProps) {
  const confirm = useConfirmLink(token);
  if (booking.confirmedAt) {
    return (
      <p role="status">
        You confirmed this appointment on <Instant iso={booking.confirmedAt} />. See you then.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {confirm.isError && <ActionError>{errorMessage(confirm.error)}</ActionError>}
      <Button
        className="w-full sm:w-auto sm:self-start"
        isLoading={confirm.isPending}
        onClick={() => confirm.mutate(undefined, { onSuccess: onDone })}
      >
        Confirm I&apos;m coming
      </Button>
    </div>
  );
}
