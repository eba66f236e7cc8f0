import type { LinkBooking, LinkResult } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmLink } from '../api/confirm-link.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError } from './action-result.tsx';
import { TimedSentence } from './sentence.tsx';

type ConfirmActionProps = {
  token: string;
  booking: LinkBooking;
  onDone: (result: LinkResult) => void;
};

/** "Confirm I'm coming", unless the patient already said so (a text reply, another link). */
export function ConfirmAction({ token, booking, onDone }: ConfirmActionProps) {
  const confirm = useConfirmLink(token);
  const { t, problem } = useLinkWords();
  if (booking.confirmedAt) {
    return (
      <p role="status">
        <TimedSentence
          text={t('You confirmed this appointment on {{time}}. See you then.')}
          iso={booking.confirmedAt}
        />
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {confirm.isError && <ActionError>{problem(confirm.error)}</ActionError>}
      <Button
        className="w-full sm:w-auto sm:self-start"
        isLoading={confirm.isPending}
        onClick={() => confirm.mutate(undefined, { onSuccess: onDone })}
      >
        {t("Confirm I'm coming")}
      </Button>
    </div>
  );
}
