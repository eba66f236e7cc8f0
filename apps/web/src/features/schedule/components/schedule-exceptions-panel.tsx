import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  scheduleExceptionRequestSchema,
  type IsoDate,
  type ScheduleException,
  type ScheduleExceptionKind,
  type ScheduleExceptionRequest,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { useZodForm } from '../../../hooks/use-zod-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { localToday } from '../../../lib/local-today.ts';
import { dateRangeLabel } from '../../../lib/medium-date.ts';
import { setServerFieldErrors, type ServerFields } from '../../../lib/server-field-errors.ts';
import { useCreateScheduleException } from '../api/create-schedule-exception.ts';
import { useDeleteScheduleException } from '../api/delete-schedule-exception.ts';
import {
  futureBookingsConflict,
  type FutureBookingsConflict,
} from '../api/future-bookings-conflict.ts';
import { useScheduleExceptions } from '../api/get-schedule-exceptions.ts';
import {
  END_TIMES,
  exceptionKindLabel,
  START_TIMES,
  stretchLabel,
  timeLabel,
  cancelledText,
} from '../utils/schedule-labels.ts';
import { CancelBookingsDialog } from './cancel-bookings-dialog.tsx';

const KINDS: readonly ScheduleExceptionKind[] = ['closed', 'open', 'blocked'];

/** What each kind does, next to its name in the form's choice. */
function kindChoice(kind: ScheduleExceptionKind, isDoctor: boolean): string {
  switch (kind) {
    case 'closed':
      return isDoctor ? 'Leave (whole days off)' : 'Closed (holiday or closure, whole days)';
    case 'open':
      return 'Special hours (instead of the weekly hours)';
    case 'blocked':
      return 'Blocked (a meeting or training)';
  }
}

function describe(exception: ScheduleException, isDoctor: boolean): string {
  const kind = exceptionKindLabel(exception.kind, isDoctor);
  return `${kind}, ${dateRangeLabel(exception.dateFrom, exception.dateTo)}`;
}

/** A select's value as minutes, or null for none. */
const asMinutes = {
  setValueAs: (value: unknown) => (value === '' || value == null ? null : Number(value)),
} as const;

const fieldOfServerError: ServerFields<ScheduleExceptionRequest> = [
  'dateFrom',
  'dateTo',
  'kind',
  'startMin',
  'endMin',
  'reason',
];

type AddExceptionFormProps = {
  doctorId: string | null;
  today: IsoDate;
  doctorNames?: ReadonlyMap<string, string>;
};

/**
 * Adds a closure (or leave), special hours or a blocked stretch. A closure or block over
 * confirmed bookings is refused with the bookings listed; the admin may then cancel them (each
 * patient is mailed) after confirming once more, or keep them and change nothing.
 */
function AddExceptionForm({ doctorId, today, doctorNames }: AddExceptionFormProps) {
  const create = useCreateScheduleException();
  const conflictRef = useRef<ModalHandle>(null);
  const [pending, setPending] = useState<{
    exception: ScheduleExceptionRequest;
    conflict: FutureBookingsConflict;
  } | null>(null);
  const isDoctor = doctorId !== null;
  const defaultValues: ScheduleExceptionRequest = {
    dateFrom: today,
    dateTo: today,
    kind: 'closed',
    startMin: 8 * 60,
    endMin: 12 * 60,
    reason: '',
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useZodForm(scheduleExceptionRequestSchema, { defaultValues });
  const kind = useWatch({ control, name: 'kind' });

  const send = (exception: ScheduleExceptionRequest, cancelAffected: boolean) =>
    create.mutate(
      { exception, cancelAffected },
      {
        onSuccess: () => {
          toast.success(
            cancelAffected && pending
              ? `Added to the schedule. ${cancelledText(pending.conflict.count)}`
              : 'Added to the schedule',
          );
          conflictRef.current?.close();
          reset(defaultValues);
        },
        onError: (error) => {
          const conflict = futureBookingsConflict(error);
          if (conflict && !cancelAffected) {
            setPending({ exception, conflict });
            return;
          }
          setServerFieldErrors(setError, error, fieldOfServerError, { shouldFocus: false });
          toast.error(errorMessage(error));
        },
      },
    );

  const submit = (values: z.output<typeof scheduleExceptionRequestSchema>) => {
    // A whole-day closure has no times, whatever the hidden selects still hold.
    const times = values.kind === 'closed' ? { startMin: null, endMin: null } : {};
    send({ ...values, ...times, ...(doctorId ? { doctorId } : {}) }, false);
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex w-full max-w-xl flex-col gap-4"
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="First day"
            type="date"
            required
            min={today}
            error={errors.dateFrom?.message}
            {...register('dateFrom')}
          />
          <TextField
            label="Last day"
            type="date"
            required
            min={today}
            error={errors.dateTo?.message}
            {...register('dateTo')}
          />
        </div>
        <SelectField label="Kind" error={errors.kind?.message} {...register('kind')}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {kindChoice(k, isDoctor)}
            </option>
          ))}
        </SelectField>
        {kind !== 'closed' && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              label="From"
              error={errors.startMin?.message}
              {...register('startMin', asMinutes)}
            >
              {START_TIMES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {timeLabel(minutes)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="To"
              error={errors.endMin?.message}
              {...register('endMin', asMinutes)}
            >
              {END_TIMES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {timeLabel(minutes)}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <TextField
          label="Reason"
          autoComplete="off"
          placeholder={isDoctor ? 'e.g. Annual leave' : 'e.g. Public holiday'}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <Button type="submit" className="self-start" isLoading={create.isPending && !pending}>
          Add
        </Button>
      </form>
      {pending && (
        <CancelBookingsDialog
          ref={conflictRef}
          title={`${exceptionKindLabel(pending.exception.kind, isDoctor)} would hit bookings`}
          conflict={pending.conflict}
          doctorNames={doctorNames}
          isPending={create.isPending}
          onCancelAndNotify={() => send(pending.exception, true)}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}

type DeleteExceptionDialogProps = {
  exception: ScheduleException;
  isDoctor: boolean;
  onClose: () => void;
};

function DeleteExceptionDialog({ exception, isDoctor, onClose }: DeleteExceptionDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const remove = useDeleteScheduleException();
  const confirm = () =>
    remove.mutate(exception._id, {
      onSuccess: () => {
        toast.success('Removed from the schedule');
        modalRef.current?.close();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <Modal ref={modalRef} title={`Delete ${describe(exception, isDoctor)}?`} onClose={onClose}>
      <p>The time it covered opens for booking again by the weekly hours.</p>
      <div className="modal-action flex-wrap">
        <Button variant="outline" onClick={() => modalRef.current?.close()}>
          Keep it
        </Button>
        <Button className="btn-error" isLoading={remove.isPending} onClick={confirm}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}

type ExceptionsListProps = { doctorId: string | null; today: IsoDate };

function ExceptionsList({ doctorId, today }: ExceptionsListProps) {
  const listId = useId();
  const exceptions = useScheduleExceptions({ doctorId, from: today });
  const [deleting, setDeleting] = useState<ScheduleException | null>(null);
  const isDoctor = doctorId !== null;

  if (exceptions.isPending) return <Spinner label="Loading the closures…" />;
  if (exceptions.isError) {
    return <StaffLoadFailed error={exceptions.error} onRetry={() => void exceptions.refetch()} />;
  }
  // Only this panel's own: the clinic's (no doctor), or this doctor's.
  const own = exceptions.data
    .filter((e) => e.doctorId === doctorId)
    .sort((a, b) => a.dateFrom.localeCompare(b.dateFrom) || (a.startMin ?? 0) - (b.startMin ?? 0));

  return (
    <div className="flex flex-col gap-2">
      <h4 id={listId} className="font-medium">
        Coming up: {own.length}
      </h4>
      {own.length === 0 ? (
        <p>
          {isDoctor
            ? 'No leave, blocks or special hours coming up.'
            : 'No closures or special hours coming up.'}
        </p>
      ) : (
        <ul aria-labelledby={listId} className="flex flex-col gap-2">
          {own.map((exception) => (
            <li
              key={exception._id}
              className="flex flex-col gap-2 rounded-box border border-base-300 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col">
                <span className="font-medium">
                  {dateRangeLabel(exception.dateFrom, exception.dateTo)}
                </span>
                <span className="text-sm">
                  {exceptionKindLabel(exception.kind, isDoctor)}
                  {exception.kind === 'closed' ||
                  exception.startMin === null ||
                  exception.endMin === null
                    ? ', all day'
                    : `, ${stretchLabel(exception.startMin, exception.endMin)}`}
                </span>
                {exception.reason && (
                  <span className="break-words text-sm opacity-80">{exception.reason}</span>
                )}
              </div>
              <Button
                variant="outline"
                className="btn-sm btn-error self-start sm:self-center"
                aria-label={`Delete ${describe(exception, isDoctor)}`}
                onClick={() => setDeleting(exception)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <DeleteExceptionDialog
          exception={deleting}
          isDoctor={isDoctor}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

type ScheduleExceptionsPanelProps = {
  /** A doctor's leave, blocks and special hours; without one, the whole clinic's. */
  doctorId?: string;
  /** The first day shown and offered (tests pin it). */
  today?: IsoDate;
  doctorNames?: ReadonlyMap<string, string>;
};

/**
 * The exceptions to the weekly hours, from today on (closures and leave, special hours, blocked
 * stretches), each deletable, and a form to add one.
 */
export function ScheduleExceptionsPanel({
  doctorId,
  today = localToday(),
  doctorNames,
}: ScheduleExceptionsPanelProps) {
  const addTitleId = useId();
  return (
    <div className="flex flex-col gap-6">
      <ExceptionsList doctorId={doctorId ?? null} today={today} />
      <section aria-labelledby={addTitleId} className="flex flex-col gap-3">
        <h4 id={addTitleId} className="font-medium">
          {doctorId ? 'Add leave, a block or special hours' : 'Add a closure or special hours'}
        </h4>
        <AddExceptionForm doctorId={doctorId ?? null} today={today} doctorNames={doctorNames} />
      </section>
    </div>
  );
}
