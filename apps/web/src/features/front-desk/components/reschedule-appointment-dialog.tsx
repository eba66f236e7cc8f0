import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ErrorCode, type AdminBooking, type Availability, type IsoDate } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal, type ModalHandle } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import { useRescheduleAvailability } from '../api/get-reschedule-availability.ts';
import { useRescheduleAdminBooking } from '../api/reschedule-admin-booking.ts';

/** The wording patients see when a time is taken first (design section 3.2). */
export const SLOT_TAKEN_TEXT = 'The time you have selected is no longer available.';
export const CHANGED_MEANWHILE_TEXT =
  'This appointment was changed by someone else meanwhile. The list now shows it as it is: please check it and try again.';

type FreeTime = { key: string; label: string; doctor: { _id: string; name: string } | null };

/** Every free time of the day, per lane; a key names the lane and the start. */
function freeTimes(
  availability: Availability,
): { doctor: FreeTime['doctor']; times: FreeTime[] }[] {
  return availability.lanes.map((lane, index) => ({
    doctor: lane.doctor,
    times: lane.slots.map((slot) => ({
      key: `${index}:${slot.startMin}`,
      label: slot.label,
      doctor: lane.doctor,
    })),
  }));
}

type RescheduleAppointmentDialogProps = {
  booking: AdminBooking;
  /** The first day offered. */
  today: IsoDate;
  onClose: () => void;
};

/**
 * Moves a booking to another free time of its treatment (with any of its doctors, for one that
 * needs a doctor). The admin is not held to the patients' notice window. The booking's version
 * goes with the move, so a change made meanwhile by someone else is not overwritten.
 */
export function RescheduleAppointmentDialog({
  booking,
  today,
  onClose,
}: RescheduleAppointmentDialogProps) {
  const modalRef = useRef<ModalHandle>(null);
  const messageId = useId();
  const [date, setDate] = useState<IsoDate>(booking.date < today ? today : booking.date);
  const [choice, setChoice] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const availability = useRescheduleAvailability(
    { date, treatmentId: booking.treatmentId, bookingId: booking._id },
    date !== '',
  );
  const reschedule = useRescheduleAdminBooking();
  const lanes = availability.data ? freeTimes(availability.data) : [];
  const times = lanes.flatMap((lane) => lane.times);
  const chosen = times.find((time) => time.key === choice);
  const hasDoctors = lanes.some((lane) => lane.doctor);
  const isCurrent = (time: FreeTime) =>
    date === booking.date &&
    time.label === booking.slot &&
    (time.doctor?._id ?? null) === (booking.doctor?._id ?? null);
  const patientName = booking.patientAccount.name || booking.patientName;

  const move = () => {
    if (!chosen) return;
    setMessage(null);
    reschedule.mutate(
      {
        id: booking._id,
        version: booking.version,
        request: {
          date,
          slot: chosen.label,
          ...(chosen.doctor ? { doctorId: chosen.doctor._id } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(
            `${patientName}'s appointment moved to ${mediumDateOf(date)} at ${chosen.label}`,
          );
          modalRef.current?.close();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 412) {
            // The list asks again (the mutation's own doing); what the admin saw was stale.
            toast.error(CHANGED_MEANWHILE_TEXT);
            modalRef.current?.close();
            return;
          }
          const isTaken =
            isApiError(error) &&
            error.status === 409 &&
            error.code !== ErrorCode.BOOKING_NOT_MODIFIABLE &&
            error.code !== ErrorCode.RESCHEDULE_WINDOW_CLOSED;
          if (isTaken) {
            setChoice('');
            void availability.refetch();
          }
          setMessage(isTaken ? SLOT_TAKEN_TEXT : errorMessage(error));
        },
      },
    );
  };

  const timeOption = (time: FreeTime) => (
    <option key={time.key} value={time.key}>
      {time.label}
      {isCurrent(time) ? ' (current)' : ''}
    </option>
  );

  return (
    <Modal ref={modalRef} title={`Reschedule ${patientName}'s appointment`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p>
          {booking.treatment}, now {mediumDateOf(booking.date)} at {booking.slot}
          {booking.doctor ? ` with ${booking.doctor.name}` : ''}.
        </p>
        <TextField
          label="New date"
          type="date"
          min={today}
          value={date}
          onChange={(event) => {
            if (!event.target.value) return;
            setDate(event.target.value);
            setChoice('');
            setMessage(null);
          }}
        />
        {availability.isPending ? (
          <Spinner label="Loading the free times…" className="py-4" />
        ) : availability.isError ? (
          <LoadFailed
            error={availability.error}
            onRetry={() => void availability.refetch()}
            layout="section"
          />
        ) : times.length === 0 ? (
          <p>No free times on {mediumDateOf(date)}. Try another day.</p>
        ) : (
          <SelectField
            label="New time"
            value={choice}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => {
              setChoice(event.target.value);
              setMessage(null);
            }}
          >
            <option value="">Choose a time</option>
            {hasDoctors
              ? lanes.map((lane, index) => (
                  <optgroup
                    key={lane.doctor?._id ?? index}
                    label={lane.doctor?.name ?? 'Any doctor'}
                  >
                    {lane.times.map(timeOption)}
                  </optgroup>
                ))
              : times.map(timeOption)}
          </SelectField>
        )}
        {message && (
          <p id={messageId} role="alert" className="text-sm text-error">
            {message}
          </p>
        )}
        <div className="modal-action flex-wrap">
          <Button variant="outline" onClick={() => modalRef.current?.close()}>
            Keep the time
          </Button>
          <Button
            isLoading={reschedule.isPending}
            disabled={!chosen || isCurrent(chosen)}
            onClick={move}
          >
            Move appointment
          </Button>
        </div>
      </div>
    </Modal>
  );
}
