import { useSearchParams } from 'react-router';
import { formatMediumDate, parseDateInput } from '@clinic/shared';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * Guarded placeholder: the booking screen (date picker, 'Available Appointments on {date}',
 * treatment cards, booking dialog) is coming in the booking release.
 */
export default function AppointmentRoute() {
  usePageMeta(
    'Appointment - Doctors Portal',
    'Pick a date and book a dental treatment at a time that suits you.',
  );
  const [searchParams] = useSearchParams();
  const date = parseDateInput(searchParams.get('date') ?? '');
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-semibold">Appointment</h1>
      {date && <p className="mt-4">Chosen date: {formatMediumDate(date)}</p>}
      <p className="mt-4">Online booking opens here soon.</p>
    </div>
  );
}
