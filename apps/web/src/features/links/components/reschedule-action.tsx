/**
 * Moving the appointment from a link (a reschedule link, or a recall link that booked it): a
 * day, then one of the treatment's free times that day, each with its doctor, the booking's own
 * doctor's first. The time goes with the doctor it is free with, so what the patient picked is
 * what the server books.
 */
import { useState } from 'react';
import type { LinkBooking, LinkResult } from '@clinic/shared';
import { localToday } from '../../../lib/local-today.ts';
import { useRescheduleLink } from '../api/reschedule-link.ts';
import { timeRefusalText } from '../utils/link-texts.ts';
import { useLinkWords } from '../utils/use-link-words.ts';
import { TimedSentence } from './sentence.tsx';
import { TimePickerForm } from './time-picker-form.tsx';

type RescheduleActionProps = {
  token: string;
  booking: LinkBooking;
  onDone: (result: LinkResult) => void;
};

export function RescheduleAction({ token, booking, onDone }: RescheduleActionProps) {
  const [today] = useState(localToday);
  const reschedule = useRescheduleLink(token);
  const words = useLinkWords();
  const { t } = words;

  if (!booking.rescheduleUntil) {
    return (
      <p role="status">
        {t(
          'This appointment can no longer be moved online. Please call the clinic, or ask us to call you below.',
        )}
      </p>
    );
  }

  const bookedDay = booking.date.slice(0, 10);
  return (
    <TimePickerForm
      token={token}
      initialDate={bookedDay >= today ? bookedDay : today}
      dateLabel={t('New date')}
      submitLabel={t('Move to this time')}
      intro={
        <p>
          <TimedSentence
            text={t('You can move it online until {{time}}.')}
            iso={booking.rescheduleUntil}
          />
        </p>
      }
      current={booking}
      isPending={reschedule.isPending}
      refusal={reschedule.isError ? timeRefusalText(reschedule.error, words) : undefined}
      onChange={reschedule.reset}
      onSubmit={(input) => reschedule.mutateAsync(input).then(onDone)}
    />
  );
}
