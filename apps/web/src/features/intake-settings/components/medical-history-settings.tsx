/**
 * Medical history form (admin, practice-loop.md section 6.1): the version patients fill in now,
 * whether they must before a visit, and the editor that saves the next version.
 */
import { useId } from 'react';
import { toast } from 'sonner';
import type { AdminMedicalHistory } from '@clinic/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { Instant } from '../../../lib/instants.tsx';
import { useMedicalHistoryForm } from '../api/get-medical-history-form.ts';
import { useSetMedicalHistoryRequired } from '../api/set-medical-history-required.ts';
import { MedicalHistoryEditor } from './medical-history-editor.tsx';

export const REQUIRED_LABEL = 'Patients must fill this in before a visit';
export const REQUIRED_BY_SETTING_TEXT =
  "The server's MEDICAL_HISTORY_REQUIRED setting turns this on; it cannot be turned off here.";

function RequiredSwitch({ form }: { form: AdminMedicalHistory }) {
  const noteId = useId();
  const setRequired = useSetMedicalHistoryRequired();
  const change = (required: boolean) =>
    setRequired.mutate(required, {
      onSuccess: (saved) =>
        toast.success(
          saved.required
            ? 'Patients are now asked to fill in the medical history before a visit'
            : 'The medical history is now optional',
        ),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <div className="flex flex-col gap-1">
      <label className="flex w-fit cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={form.required}
          disabled={form.requiredBySetting || setRequired.isPending}
          aria-describedby={noteId}
          onChange={(event) => change(event.target.checked)}
        />
        <span>{REQUIRED_LABEL}</span>
      </label>
      <p id={noteId} className="text-sm opacity-80">
        {form.requiredBySetting
          ? REQUIRED_BY_SETTING_TEXT
          : 'When on, booking mails and My Forms ask patients whose answers are missing or out of date.'}
      </p>
    </div>
  );
}

export function MedicalHistorySettings() {
  const titleId = useId();
  const form = useMedicalHistoryForm();

  let body;
  if (form.isPending) {
    body = <Spinner label="Loading the medical history form…" />;
  } else if (form.isError) {
    body = <StaffLoadFailed error={form.error} onRetry={() => void form.refetch()} />;
  } else {
    body = (
      <>
        <p aria-live="polite">
          Version {form.data.version}, saved <Instant iso={form.data.createdAt} />. Patients who
          filled in an earlier version are asked to look at their answers again.
        </p>
        <RequiredSwitch form={form.data} />
        <MedicalHistoryEditor form={form.data} />
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex max-w-3xl flex-col gap-6">
      <h2 id={titleId} className="text-xl font-semibold">
        Medical history form
      </h2>
      {body}
    </section>
  );
}
