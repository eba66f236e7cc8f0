import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { WorkingHours } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useWorkingHours } from '../api/get-working-hours.ts';
import { useSaveWorkingHours } from '../api/save-working-hours.ts';
import {
  dayHoursLabel,
  dayProblemsOf,
  draftOf,
  WEEKDAYS,
  WEEKDAY_NAMES,
  weekdaysOf,
  weekProblems,
  type WeekDraft,
  type WeekProblems,
} from '../utils/weekly-hours.ts';
import { WeeklyHoursEditor } from './weekly-hours-editor.tsx';

function isWeekEmpty(draft: WeekDraft): boolean {
  return WEEKDAYS.every((day) => draft[day].length === 0);
}

function outsideHoursText(count: number): string {
  const bookings = count === 1 ? '1 booking is' : `${count} bookings are`;
  return `${bookings} now outside these hours. They stay booked: move or cancel them if the patients cannot come.`;
}

type WorkingHoursFormProps = {
  doctorId: string | null;
  saved: WorkingHours;
  /** The clinic's week, for a doctor who follows it (undefined while it loads, or for the clinic). */
  clinicWeekdays: WorkingHours['weekdays'] | undefined;
};

function WorkingHoursForm({ doctorId, saved, clinicWeekdays }: WorkingHoursFormProps) {
  const save = useSaveWorkingHours();
  const toggleId = useId();
  const isDoctor = doctorId !== null;
  const [draft, setDraft] = useState(() => draftOf(saved.weekdays));
  const [followsClinic, setFollowsClinic] = useState(isDoctor && saved.weekdays === null);
  // Problems show once a save was refused, then follow each change (as the other forms do).
  const [hasTriedToSave, setHasTriedToSave] = useState(false);
  const [serverProblems, setServerProblems] = useState<WeekProblems>({});
  const [outsideHours, setOutsideHours] = useState(0);

  const problems: WeekProblems = {
    ...serverProblems,
    ...(hasTriedToSave && !followsClinic ? weekProblems(draft) : {}),
  };
  const hasProblems = Object.keys(problems).length > 0;

  const changeDraft = (next: WeekDraft) => {
    setDraft(next);
    setServerProblems({});
  };

  const changeFollowsClinic = (follows: boolean) => {
    setFollowsClinic(follows);
    setServerProblems({});
    // A doctor's own week starts from the clinic's: usually only a day or two differ.
    if (!follows && isWeekEmpty(draft) && clinicWeekdays) setDraft(draftOf(clinicWeekdays));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setHasTriedToSave(true);
    if (!followsClinic && Object.keys(weekProblems(draft)).length > 0) return;
    save.mutate(
      { doctorId, weekdays: followsClinic ? null : weekdaysOf(draft) },
      {
        onSuccess: ({ affectedBookings }) => {
          toast.success('Weekly hours saved');
          setOutsideHours(affectedBookings.length);
        },
        onError: (error) => {
          setServerProblems(isApiError(error) ? dayProblemsOf(error.errors) : {});
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {isDoctor && (
        <div className="flex flex-col gap-2">
          <label htmlFor={toggleId} className="flex cursor-pointer items-center gap-2">
            <input
              id={toggleId}
              type="checkbox"
              className="checkbox"
              checked={followsClinic}
              onChange={(event) => changeFollowsClinic(event.target.checked)}
            />
            Follow the clinic hours
          </label>
          {followsClinic && clinicWeekdays !== undefined && (
            <ul aria-label="The clinic's hours" className="flex flex-col gap-1 text-sm">
              {WEEKDAYS.map((day) => (
                <li key={day}>
                  <span className="font-medium">{WEEKDAY_NAMES[day]}:</span>{' '}
                  {dayHoursLabel(clinicWeekdays?.[day])}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!followsClinic && (
        <WeeklyHoursEditor
          value={draft}
          onChange={changeDraft}
          problems={problems}
          disabled={save.isPending}
        />
      )}
      {hasProblems && (
        <p role="alert" className="text-sm text-error">
          Some days need fixing: see the messages under them.
        </p>
      )}
      <Button type="submit" className="self-start" isLoading={save.isPending}>
        Save weekly hours
      </Button>
      {outsideHours > 0 && (
        <p role="status" className="alert alert-warning text-sm">
          {outsideHoursText(outsideHours)}
        </p>
      )}
    </form>
  );
}

/**
 * The weekly hours of the clinic (no `doctorId`) or of one doctor, and their Save. A doctor can
 * follow the clinic's hours (saved as `null`) or keep a week of their own. Bookings a change
 * leaves outside the hours stay booked; how many is said after saving.
 */
export function WorkingHoursSection({ doctorId }: { doctorId?: string }) {
  const hours = useWorkingHours(doctorId ?? null);
  const clinic = useWorkingHours(null, { enabled: doctorId !== undefined });
  if (hours.isPending) return <Spinner label="Loading the weekly hours…" />;
  if (hours.isError) {
    return <StaffLoadFailed error={hours.error} onRetry={() => void hours.refetch()} />;
  }
  return (
    <WorkingHoursForm
      doctorId={doctorId ?? null}
      saved={hours.data}
      clinicWeekdays={doctorId === undefined ? undefined : clinic.data?.weekdays}
    />
  );
}
