/**
 * Moving the appointment from a link (a reschedule link, or a recall link that booked it): a
 * day, then one of the treatment's free times that day, each with its doctor, the booking's own
 * doctor's first. The time goes with the doctor it is free with, so what the patient picked is
 * what the server books.
 */
import { useState } from 'react';
import type { LinkBooking, LinkResult } from '@clinic/shared';
import { Instant } from '../../../lib/instants.tsx';
import { localToday } from '../../../lib/local-today.ts';
import { useRescheduleLink } from '../api/reschedule-link.ts';
import { timeRefusalText } from '../utils/link-texts.ts';
import { TimePickerForm } from './time-picker-form.tsx';

type RescheduleActionProps = {
  token: string;
  booking: LinkBooking;
  onDone: (result: LinkResult) => void;
};

export function RescheduleAction({ token, booking, onDone }: RescheduleActionProps) {
  const [today] = useState(localToday);
  const reschedule = useRescheduleLink(token);

  if (!booking.rescheduleUntil) {
    return (
      <p role="status">
        This appointment can no longer be moved online. Please call the clinic, or ask us to call
        you below.
      </p>
    );
  }

  const bookedDay = booking.date.slice(0, 10);
  return (
    <TimePickerForm
      token={token}
      initialDate={bookedDay >= today ? bookedDay : today}
      dateLabel="New date"
      submitLabel="Move to this time"
      intro={
        <p>
          You can move it online until <Instant iso={booking.rescheduleUntil} />.
        </p>
      }
      current={booking}
      isPending={reschedule.isPending}
      refusal={reschedule.isError ? timeRefusalText(reschedule.error) : undefined}
      onChange={reschedule.reset}
      onSubmit={(input) => reschedule.mutateAsync(input).then(onDone)}
    />
  );
}
