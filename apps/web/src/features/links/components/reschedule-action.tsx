/**
 * Moving the appointment from a link: a day, then one of the treatment's free times that day.
 * The patient keeps their doctor unless they clear "Keep Dr. …"; the free times are those of any
 * of the treatment's doctors (all a link's holder can be shown), so a time the kept doctor is
 * not free at is refused and the patient is told how to take it with another.
 */
import { useId, useState, type FormEvent } from 'react';
import { parseDateInput, type IsoDate, type LinkBooking, type LinkResult } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { Instant } from '../../../lib/instants.tsx';
import { localToday } from '../../../lib/local-today.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { useFreeTimes } from '../api/get-free-times.ts';
import { useRescheduleLink } from '../api/reschedule-link.ts';
import { moveRefusalText } from '../utils/link-texts.ts';
import { ActionError } from './action-result.tsx';

type RescheduleActionProps = {
  token: string;
  booking: LinkBooking;
  onDone: (result: LinkResult) => void;
};

function FreeTimes({
  booking,
  date,
  slot,
  error,
  onChoose,
}: {
  booking: LinkBooking;
  date: IsoDate;
  slot: string;
  error: string | undefined;
  onChoose: (slot: string) => void;
}) {
  const name = useId();
  const errorId = useId();
  const freeTimes = useFreeTimes(date, booking.treatmentId);
  if (freeTimes.isPending) return <Spinner label="Loading the free times…" className="py-4" />;
  if (freeTimes.isError) {
    return (
      <LoadFailed
        layout="section"
        error={freeTimes.error}
        onRetry={() => void freeTimes.refetch()}
      />
    );
  }
  if (freeTimes.data.length === 0) {
    return (
      <p role="status">There is no free time on {mediumDateOf(date)}. Please choose another day.</p>
    );
  }
  const isCurrent = (label: string) => date === booking.date.slice(0, 10) && label === booking.slot;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Free times on {mediumDateOf(date)}</legend>
      <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
        {freeTimes.data.map((label) => (
          <label
            key={label}
            className={`flex items-center gap-2 rounded-field border border-base-300 px-3 py-2 ${isCurrent(label) ? 'opacity-60' : 'cursor-pointer'}`}
          >
            <input
              type="radio"
              className="radio radio-sm radio-primary"
              name={name}
              value={label}
              checked={slot === label}
              disabled={isCurrent(label)}
              onChange={() => onChoose(label)}
            />
            <span>{isCurrent(label) ? `${label} (your current time)` : label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function RescheduleAction({ token, booking, onDone }: RescheduleActionProps) {
  const [today] = useState(localToday);
  const bookedDay = booking.date.slice(0, 10);
  const [date, setDate] = useState<IsoDate>(bookedDay >= today ? bookedDay : today);
  const [slot, setSlot] = useState('');
  const [slotError, setSlotError] = useState<string>();
  const [isKeepingDoctor, setIsKeepingDoctor] = useState(booking.doctorId !== null);
  const reschedule = useRescheduleLink(token);

  if (!booking.rescheduleUntil) {
    return (
      <p role="status">
        This appointment can no longer be moved online. Please call the clinic, or ask us to call
        you below.
      </p>
    );
  }

  // A new choice makes an earlier refusal old news.
  const changed = () => {
    reschedule.reset();
    setSlotError(undefined);
  };

  const keptDoctor = isKeepingDoctor && booking.doctor && booking.doctorId ? booking.doctor : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!slot) {
      setSlotError('Choose a time.');
      return;
    }
    const input = {
      date,
      slot,
      ...(keptDoctor && booking.doctorId ? { doctorId: booking.doctorId } : {}),
    };
    reschedule.mutate(input, {
      onSuccess: onDone,
      onError: (error) => {
        // A time refused as taken is no longer offered once the free times reload.
        if (isApiError(error) && error.status === 409) setSlot('');
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p>
        You can move it online until <Instant iso={booking.rescheduleUntil} />.
      </p>
      <TextField
        label="New date"
        type="date"
        min={today}
        value={date}
        required
        onChange={(event) => {
          const next = parseDateInput(event.target.value);
          if (next) {
            setDate(next);
            setSlot('');
            changed();
          }
        }}
      />
      {booking.doctor && booking.doctorId && (
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={isKeepingDoctor}
            onChange={(event) => {
              setIsKeepingDoctor(event.target.checked);
              changed();
            }}
          />
          <span>Keep {doctorTitle(booking.doctor)}</span>
        </label>
      )}
      <FreeTimes
        booking={booking}
        date={date}
        slot={slot}
        error={slotError}
        onChoose={(label) => {
          setSlot(label);
          changed();
        }}
      />
      {reschedule.isError && (
        <ActionError>{moveRefusalText(reschedule.error, keptDoctor)}</ActionError>
      )}
      <Button
        type="submit"
        className="w-full sm:w-auto sm:self-start"
        isLoading={reschedule.isPending}
      >
        Move to this time
      </Button>
    </form>
  );
}
