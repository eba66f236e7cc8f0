import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Me } from '@clinic/shared';
import { configQueryOptions } from '../../../lib/client-config.ts';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export const REMINDERS_SAVED_TOAST = 'Reminder settings saved';

type Account = NonNullable<Me>;

/** The account's flags that turn a kind of message off. */
type OptOut = 'remindersOptOut' | 'recallOptOut';

type ReminderChoiceProps = {
  account: Account;
  optOut: OptOut;
  label: string;
  /** Ends 'Your … not saved: why'. */
  failure: string;
  onSaved: (user: Account) => void;
};

/**
 * One kind of message on or off, saved as soon as the box is ticked. While it saves the box shows
 * the new choice; if saving fails it shows the saved one again, and why.
 */
function ReminderChoice({ account, optOut, label, failure, onSaved }: ReminderChoiceProps) {
  const save = useUpdateProfile(onSaved);
  const checkboxId = useId();
  const isSaved = account[optOut] !== true;
  const isChecked = save.isPending ? save.variables?.[optOut] !== true : isSaved;

  const setChoice = (isOn: boolean) =>
    save.mutate({ [optOut]: !isOn }, { onSuccess: () => toast.success(REMINDERS_SAVED_TOAST) });

  return (
    <>
      <label htmlFor={checkboxId} className="flex w-fit cursor-pointer items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={isChecked}
          disabled={save.isPending}
          onChange={(event) => setChoice(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {save.isError && (
        <p role="alert" className="text-sm text-error">
          {failure}: {errorMessage(save.error)}
        </p>
      )}
    </>
  );
}

/**
 * Reminders and recalls by text too (`smsOptIn`, practice-loop.md section 5), offered only when
 * the clinic sends texts. The server checks the phone (E.164) and says what to fix.
 */
function TextMessageChoice({ account, onSaved }: { account: Account; onSaved: (user: Account) => void }) {
  const save = useUpdateProfile(onSaved);
  const checkboxId = useId();
  const hintId = useId();
  const isChecked = save.isPending ? save.variables?.smsOptIn === true : account.smsOptIn === true;

  return (
    <>
      <label htmlFor={checkboxId} className="flex w-fit cursor-pointer items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="checkbox checkbox-sm"
          aria-describedby={hintId}
          checked={isChecked}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate({ smsOptIn: event.target.checked }, { onSuccess: () => toast.success(REMINDERS_SAVED_TOAST) })
          }
        />
        <span>Text my reminders to my phone too</span>
      </label>
      <p id={hintId} className="text-sm text-base-content/70">
        Your phone in international format, such as +14155550123. Reply C to a text to confirm, R to move
        the appointment, STOP to stop texts.
      </p>
      {save.isError && (
        <p role="alert" className="text-sm text-error">
          Your text message setting was not saved: {errorMessage(save.error)}
        </p>
      )}
    </>
  );
}

type ReminderSettingsProps = {
  account: Account;
  onSaved: (user: Account) => void;
};

/**
 * Appointment reminders (`remindersOptOut`) and check-up reminders after a visit
 * (`recallOptOut`, practice-loop.md section 4), each on or off by itself; and texts, where offered.
 */
export function ReminderSettings({ account, onSaved }: ReminderSettingsProps) {
  const config = useQuery(configQueryOptions());
  return (
    <TitledSection title="Reminders" className="flex flex-col gap-2">
      <ReminderChoice
        account={account}
        optOut="remindersOptOut"
        label="Email me appointment reminders"
        failure="Your reminder settings were not saved"
        onSaved={onSaved}
      />
      <ReminderChoice
        account={account}
        optOut="recallOptOut"
        label="Send me check-up reminders (recall)"
        failure="Your check-up reminder setting was not saved"
        onSaved={onSaved}
      />
      {config.data?.textMessages === true && <TextMessageChoice account={account} onSaved={onSaved} />}
    </TitledSection>
  );
}
