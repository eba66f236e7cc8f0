import type { LinkBooking } from '@clinic/shared';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';

/** The appointment a link is about: treatment, day, time and (when there is one) the doctor. */
export function AppointmentSummary({ booking }: { booking: LinkBooking }) {
  const rows: [string, string][] = [
    ['Treatment', booking.treatment],
    ['Date', mediumDateOf(booking.date)],
    ['Time', booking.slot],
    ...(booking.doctor ? [['Doctor', doctorTitle(booking.doctor)] as [string, string]] : []),
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
