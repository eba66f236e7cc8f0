import { useId } from 'react';
import type { BookingEvent } from '@clinic/shared';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';
import { eventText } from '../utils/appointment-texts.ts';
import { useVisitsT, visitInstant } from '../../../i18n/visits.ts';

/** The booking's history (booked, moved, paid, cancelled, refunded), oldest first. */
export function AppointmentHistory({ events }: { events: readonly BookingEvent[] }) {
  const headingId = useId();
  const timeZone = useClinicTimeZone();
  const t = useVisitsT();
  const ordered = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('History')}
      </h3>
      {ordered.length === 0 ? (
        <p className="text-base-content/70">{t('Nothing has happened to this booking yet.')}</p>
      ) : (
        <ol className="flex flex-col gap-2 border-l-2 border-base-300 pl-4">
          {ordered.map((event) => (
            <li key={event._id} className="flex flex-col">
              <span>{eventText(event)}</span>
              <time dateTime={event.at} className="text-xs text-base-content/70">
                {visitInstant(event.at, timeZone)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
