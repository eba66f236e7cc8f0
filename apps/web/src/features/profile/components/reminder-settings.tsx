import { useId } from 'react';
import { toast } from 'sonner';
import type { Me } from '@clinic/shared';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export const REMINDERS_SAVED_TOAST = 'Reminder settings saved';

type ReminderSettingsProps = {
  account: NonNullable<Me>;
  onSaved: (user: NonNullable<Me>) => void;
};

/**
 * Appointment reminders on or off (`remindersOptOut`), saved as soon as the box is ticked. While
 * it saves the box shows the new choice; if saving fails it shows the saved one again, and why.
 */
export function ReminderSettings({ account, onSaved }: ReminderSettingsProps) {
  const save = useUpdateProfile(onSaved);
  const checkboxId = useId();
  const isSaved = account.remindersOptOut !== true;
  const isChecked = save.isPending ? save.variables?.remindersOptOut !== true : isSaved;

  const setReminders = (isOn: boolean) =>
    save.mutate(
      { remindersOptOut: !isOn },
      { onSuccess: () => toast.success(REMINDERS_SAVED_TOAST) },
    );

  return (
    <TitledSection title="Reminders" className="flex flex-col gap-2">
      <label htmlFor={checkboxId} className="flex w-fit cursor-pointer items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={isChecked}
          disabled={save.isPending}
          onChange={(event) => setReminders(event.target.checked)}
        />
        <span>Email me appointment reminders</span>
      </label>
      {save.isError && (
        <p role="alert" className="text-sm text-error">
          Your reminder settings were not saved: {errorMessage(save.error)}
        </p>
      )}
    </TitledSection>
  );
}
