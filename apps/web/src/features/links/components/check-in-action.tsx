import type { LinkResult } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useCheckInLink } from '../api/check-in-link.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { ActionError } from './action-result.tsx';

/**
 * "I'm here": the day's reminder's check-in link, one tap as the patient arrives. Before check-in
 * opens, or after it closed, the server's answer says so and when.
 */
export function CheckInAction({
  token,
  onDone,
}: {
  token: string;
  onDone: (result: LinkResult) => void;
}) {
  const checkIn = useCheckInLink(token);
  const { t, problem } = useLinkWords();
  return (
    <div className="flex flex-col gap-3">
      <p>
        {t(
          'When you are at the clinic, tell us you are here. We will call you when it is your turn.',
        )}
      </p>
      {checkIn.isError && <ActionError>{problem(checkIn.error)}</ActionError>}
      <Button
        className="w-full sm:w-auto sm:self-start"
        isLoading={checkIn.isPending}
        onClick={() => checkIn.mutate(undefined, { onSuccess: onDone })}
      >
        {t("I'm here")}
      </Button>
    </div>
  );
}
