import type { LinkBooking } from '@clinic/shared';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useLinkWords } from '../utils/use-link-words.ts';

/** The appointment a link is about: treatment, day, time and (when there is one) the doctor. */
export function AppointmentSummary({ booking }: { booking: LinkBooking }) {
  const { t, date, slot } = useLinkWords();
  const rows: [string, string][] = [
    [t('Treatment'), booking.treatment],
    [t('Date'), date(booking.date)],
    [t('Time'), slot(booking.slot)],
    ...(booking.doctor ? [[t('Doctor'), doctorTitle(booking.doctor)] as [string, string]] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-box bg-base-200 p-4">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
