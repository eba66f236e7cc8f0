import { useParams } from 'react-router';
import { AppointmentDetail } from '../../features/appointments/components/appointment-detail.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** One of the patient's appointments: details, history, cancel and reschedule. */
export default function DashboardAppointmentRoute() {
  usePageMeta(
    'Appointment - Doctors Portal',
    'One of your dental appointments at Doctors Portal: details, history, cancel or reschedule.',
  );
  const { id = '' } = useParams();
  // Another booking's page starts afresh (no open dialog carried over).
  return <AppointmentDetail key={id} id={id} />;
}
