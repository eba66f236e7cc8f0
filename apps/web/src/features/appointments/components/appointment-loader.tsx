/**
 * The appointment pages' common start: a spinner while the booking loads, 'There is no such
 * booking.' for one that does not exist or is someone else's (the server answers 404 to both),
 * and a retry for any other failure. The page itself gets the loaded booking.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingDetail } from '@clinic/shared';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAppointment } from '../api/get-appointment.ts';
import { useVisitsT } from '../../../i18n/visits.ts';

export const NOT_FOUND_TEXT = 'There is no such booking.';

/** The way back up, above an appointment page: to the list, or from a change to the booking. */
export function BackLink({ to = '/dashboard', children }: { to?: string; children?: ReactNode }) {
  const t = useVisitsT();
  return (
    <Link to={to} className="link link-primary w-fit">
      {children ?? t('Back to My Appointments')}
    </Link>
  );
}

type AppointmentLoaderProps = {
  id: string;
  children: (booking: BookingDetail) => ReactNode;
};

export function AppointmentLoader({ id, children }: AppointmentLoaderProps) {
  const appointment = useAppointment(id);
  const t = useVisitsT();

  if (appointment.isPending) return <Spinner label={t('Loading your appointment…')} />;
  if (appointment.isError) {
    if (isApiError(appointment.error) && appointment.error.status === 404) {
      return (
        <div className="flex flex-col items-start gap-4">
          <p role="alert">{t(NOT_FOUND_TEXT)}</p>
          <BackLink />
        </div>
      );
    }
    return <LoadFailed error={appointment.error} onRetry={() => void appointment.refetch()} />;
  }
  return <>{children(appointment.data)}</>;
}
