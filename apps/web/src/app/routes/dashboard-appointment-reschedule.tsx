import { useParams } from 'react-router';
import { RescheduleAppointment } from '../../features/appointments/components/reschedule-appointment.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Moving one of the patient's appointments to another free time. */
export default function DashboardAppointmentRescheduleRoute() {
  usePageMeta(
    'Reschedule - Doctors Portal',
    'Move your dental appointment at Doctors Portal to another free time.',
  );
  const { id = '' } = useParams();
  return <RescheduleAppointment key={id} id={id} />;
}
