import { useParams } from 'react-router';
import { AppointmentDetail } from '../../features/appointments/components/appointment-detail.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useVisitsT } from '../../i18n/visits.ts';

/** One of the patient's appointments: details, history, cancel and reschedule. */
export default function DashboardAppointmentRoute() {
  const t = useVisitsT();
  usePageMeta(
    t('Appointment - Doctors Portal'),
    t('One of your dental appointments at Doctors Portal: details, history, cancel or reschedule.'),
  );
  const { id = '' } = useParams();
  // Another booking's page starts afresh (no open dialog carried over).
  return <AppointmentDetail key={id} id={id} />;
}
