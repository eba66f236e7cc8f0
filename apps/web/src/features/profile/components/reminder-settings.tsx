import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Me } from '@clinic/shared';
import { configQueryOptions } from '../../../lib/client-config.ts';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { accountText, useAccountT, useAccountText } from '../../../i18n/account.ts';

export const REMINDERS_SAVED_TOAST = 'Reminder settings saved';

type Account = NonNullable<Me>;

/** The account's message choices: two turn a kind of message off, one turns texts on. */
type Choice = 'remindersOptOut' | 'recallOptOut' | 'smsOptIn';

type ReminderChoiceProps = {
  account: Account;
  choice: Choice;
  /** In the reader's language, as are `failure` and `hint`. */
  label: string;
  /** Ends 'Your … not saved: why'. */
  failure: string;
  /** Said under the box, and read with it. */
  hint?: string;
  onSaved: (user: Account) => void;
};

/**
 * One kind of message on or off, saved as soon as the box is ticked. While it saves the box shows
 * the new choice; if saving fails it shows the saved one again, and why.
 */
function ReminderChoice({ account, choice, label, failure, hint, onSaved }: ReminderChoiceProps) {
  const text = useAccountText();
  const save = useUpdateProfile(onSaved);
  const checkboxId = useId();
  const hintId = useId();
  const isOptOut = choice !== 'smsOptIn';
  const isOn = (value: boolean | undefined) => (isOptOut ? value !== true : value === true);
  const isChecked = isOn(save.isPending ? save.variables?.[choice] : account[choice]);

  const setChoice = (on: boolean) =>
    save.mutate(
      { [choice]: isOptOut ? !on : on },
      { onSuccess: () => toast.success(accountText(REMINDERS_SAVED_TOAST)) },
    );

  return (
    <>
      <label htmlFor={checkboxId} className="flex w-fit cursor-pointer items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="checkbox checkbox-sm"
          aria-describedby={hint ? hintId : undefined}
          checked={isChecked}
          disabled={save.isPending}
          onChange={(event) => setChoice(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-error">
          {failure}: {text(errorMessage(save.error))}
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
  const t = useAccountT();
  const config = useQuery(configQueryOptions());
  return (
    <TitledSection title={t('Reminders')} className="flex flex-col gap-2">
      <ReminderChoice
        account={account}
        choice="remindersOptOut"
        label={t('Email me appointment reminders')}
        failure={t('Your reminder settings were not saved')}
        onSaved={onSaved}
      />
      <ReminderChoice
        account={account}
        choice="recallOptOut"
        label={t('Send me check-up reminders (recall)')}
        failure={t('Your check-up reminder setting was not saved')}
        onSaved={onSaved}
      />
      {/* Texts too (`smsOptIn`, practice-loop.md section 5), only where the clinic sends them; the server checks the phone. */}
      {config.data?.textMessages === true && (
        <ReminderChoice
          account={account}
          choice="smsOptIn"
          label={t('Text my reminders to my phone too')}
          hint={t(
            'Your phone in international format, such as +14155550123. Reply C to a text to confirm, R to move the appointment, STOP to stop texts.',
          )}
          failure={t('Your text message setting was not saved')}
          onSaved={onSaved}
        />
      )}
    </TitledSection>
  );
}
