/**
 * Moving an appointment: a day, then (for a treatment with doctors) any available doctor or one
 * of them, then one of the free times, the booking's own time marked as current. The server
 * counts the booking's own time as free (`excludeBookingId`), so a move within the same day or
 * by half an hour is offered too.
 *
 * The move names the version the patient saw (`If-Match`): a booking changed meanwhile is not
 * moved (412), the page reloads it and asks the patient to look again.
 */
import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { toast } from 'sonner';
import {
  bookingConflictSchema,
  ErrorCode,
  parseDateInput,
  rescheduleRequestSchema,
  type BookingDetail,
  type IsoDate,
} from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import {
  useVisitsT,
  visitDate,
  visitSlot,
  visitsDetail,
  visitsText,
} from '../../../i18n/visits.ts';
import { appointmentQueryKey } from '../api/get-appointment.ts';
import { useRescheduleAvailability } from '../api/get-reschedule-availability.ts';
import { useRescheduleAppointment } from '../api/reschedule-appointment.ts';
import {
  closedWindowMessage,
  SLOT_TAKEN_TEXT,
  STALE_VERSION_TEXT,
  windowClosedText,
} from '../utils/appointment-texts.ts';
import { ANY_DOCTOR, isCurrentTime, slotChoices } from '../utils/reschedule-choices.ts';
import { AppointmentLoader, BackLink } from './appointment-loader.tsx';

export function movedToast(date: string, slot: string): string {
  return visitsText('Your appointment was moved to {{date}} at {{slot}}.', {
    date: visitDate(date),
    slot: visitSlot(slot),
  });
}

/** A translated text whose `{{placeholders}}` are elements (a date in bold): its parts in order. */
function withParts(text: string, parts: Readonly<Record<string, ReactNode>>): ReactNode {
  return text.split(/(\{\{\s*\w+\s*\}\})/).map((piece, index) => {
    const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
    return <Fragment key={index}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
  });
}

/** What to tell the patient when the move was refused. */
function refusalText(error: unknown, booking: BookingDetail): string {
  if (isApiError(error)) {
    if (error.status === 412 || error.code === ErrorCode.PRECONDITION_FAILED)
      return visitsText(STALE_VERSION_TEXT);
    if (error.status === 409 && bookingConflictSchema.safeParse(error.body).success) {
      return visitsText(SLOT_TAKEN_TEXT);
    }
  }
  return closedWindowMessage(error, booking) ?? visitsDetail(errorMessage(error));
}

/**
 * "Today" as the browser sees it, the earliest day offered: the server refuses a time that has
 * started, in the clinic's zone, whatever the picker allows.
 */
function localToday(): IsoDate {
  return format(new Date(), 'yyyy-MM-dd');
}

function RescheduleForm({ booking }: { booking: BookingDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useVisitsT();
  const format = useLocalFormat();
  const [today] = useState(localToday);
  const bookedDay = booking.date.slice(0, 10);
  const [date, setDate] = useState<IsoDate>(bookedDay >= today ? bookedDay : today);
  // null until the patient picks: then the booking's own doctor, if free that day, else any.
  const [chosenDoctorId, setChosenDoctorId] = useState<string | null>(null);
  const [chosenSlot, setChosenSlot] = useState('');
  const [slotError, setSlotError] = useState<string>();
  const availability = useRescheduleAvailability(date, booking.treatmentId, booking._id);
  const reschedule = useRescheduleAppointment(booking._id);

  const lanes = availability.data?.lanes ?? [];
  const doctors = availability.data?.treatment.requiresDoctor
    ? lanes.flatMap((lane) =>
        lane.doctor ? [{ ...lane.doctor, isFree: lane.slots.length > 0 }] : [],
      )
    : null;
  const isOffered = (id: string | null | undefined): id is string =>
    id === ANY_DOCTOR || (doctors?.some((doctor) => doctor._id === id) ?? false);
  const doctorId = isOffered(chosenDoctorId)
    ? chosenDoctorId
    : isOffered(booking.doctor?._id)
      ? booking.doctor._id
      : ANY_DOCTOR;
  const slots = slotChoices(lanes, doctors ? doctorId : ANY_DOCTOR);
  const slot = slots.includes(chosenSlot) ? chosenSlot : '';

  // A new choice makes an earlier refusal (a time taken, a stale version) old news.
  const changed = () => {
    reschedule.reset();
    setSlotError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { date, slot, ...(doctors && doctorId !== ANY_DOCTOR && { doctorId }) };
    const parsed = rescheduleRequestSchema.safeParse(input);
    if (!parsed.success) {
      setSlotError(parsed.error.issues[0]?.message);
      return;
    }
    if (isCurrentTime(booking, date, slot, doctorId)) {
      setSlotError(t('This is your current time: choose another one.'));
      return;
    }
    reschedule.mutate(
      { version: booking.version, input },
      {
        onSuccess: ({ booking: moved }) => {
          queryClient.setQueryData<BookingDetail>(appointmentQueryKey(booking._id), (current) =>
            current ? { ...current, ...moved } : current,
          );
          toast.success(movedToast(moved.date, moved.slot));
          void navigate(`/dashboard/appointments/${encodeURIComponent(booking._id)}`);
        },
        onError: (error) => {
          // The time just taken is no longer offered once the slots reload.
          if (isApiError(error) && error.status === 409) setChosenSlot('');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <TextField
        label={t('Date')}
        type="date"
        min={today}
        value={date}
        required
        onChange={(event) => {
          const next = parseDateInput(event.target.value);
          if (next) {
            setDate(next);
            changed();
          }
        }}
      />
      {doctors && (
        <SelectField
          label={t('Doctor')}
          value={doctorId}
          onChange={(event) => {
            setChosenDoctorId(event.target.value);
            changed();
          }}
        >
          <option value={ANY_DOCTOR}>{t('Any available doctor')}</option>
          {doctors.map((doctor) => (
            <option key={doctor._id} value={doctor._id} disabled={!doctor.isFree}>
              {doctor.isFree
                ? doctor.name
                : t('{{doctor}} (no free time this day)', { doctor: doctor.name })}
            </option>
          ))}
        </SelectField>
      )}
      {availability.isPending ? (
        <Spinner label={t('Loading the free times…')} className="py-4" />
      ) : availability.isError ? (
        <LoadFailed
          layout="section"
          error={availability.error}
          onRetry={() => void availability.refetch()}
        />
      ) : slots.length === 0 ? (
        <p role="status">{t('There is no free time on this day. Please choose another day.')}</p>
      ) : (
        <SelectField
          label={t('Time')}
          value={slot}
          error={slotError}
          onChange={(event) => {
            setChosenSlot(event.target.value);
            changed();
          }}
        >
          <option value="">{t('Choose a time')}</option>
          {slots.map((label) => {
            const isCurrent = isCurrentTime(booking, date, label, doctors ? doctorId : ANY_DOCTOR);
            return (
              <option key={label} value={label} disabled={isCurrent}>
                {isCurrent
                  ? t('{{slot}} (current)', { slot: format.slot(label) })
                  : format.slot(label)}
              </option>
            );
          })}
        </SelectField>
      )}
      {reschedule.isError && (
        <p role="alert" className="text-error">
          {refusalText(reschedule.error, booking)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={reschedule.isPending} disabled={slots.length === 0}>
          {t('Move appointment')}
        </Button>
      </div>
    </form>
  );
}

function Reschedule({ booking }: { booking: BookingDetail }) {
  const headingId = useId();
  const canMove = booking.status === 'confirmed' && booking.canReschedule;
  const t = useVisitsT();
  const format = useLocalFormat();
  const parts = {
    treatment: booking.treatment,
    date: <strong className="whitespace-nowrap">{format.date(booking.date)}</strong>,
    slot: <strong className="whitespace-nowrap">{format.slot(booking.slot)}</strong>,
    ...(booking.doctor && { doctor: doctorTitle(booking.doctor.name) }),
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('Reschedule your appointment')}
      </h2>
      <p>
        {withParts(
          booking.doctor
            ? t('Your current time: {{treatment}} on {{date}} at {{slot}} with {{doctor}}.')
            : t('Your current time: {{treatment}} on {{date}} at {{slot}}.'),
          parts,
        )}
      </p>
      {canMove ? (
        <RescheduleForm booking={booking} />
      ) : (
        <p role="status">
          {booking.status === 'confirmed'
            ? windowClosedText(booking, booking.rescheduleDeadline)
            : t('This appointment can no longer be changed.')}
        </p>
      )}
    </section>
  );
}

export function RescheduleAppointment({ id }: { id: string }) {
  const t = useVisitsT();
  return (
    <AppointmentLoader id={id}>
      {(booking) => (
        <div className="flex flex-col gap-4">
          <BackLink to={`/dashboard/appointments/${encodeURIComponent(id)}`}>
            {t('Back to the appointment')}
          </BackLink>
          <Reschedule booking={booking} />
        </div>
      )}
    </AppointmentLoader>
  );
}
