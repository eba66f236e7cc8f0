import { useParams } from 'react-router';
import { RescheduleAppointment } from '../../features/appointments/components/reschedule-appointment.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useVisitsT } from '../../i18n/visits.ts';

/** Moving one of the patient's appointments to another free time. */
export default function DashboardAppointmentRescheduleRoute() {
  const t = useVisitsT();
  usePageMeta(
    t('Reschedule - Doctors Portal'),
    t('Move your dental appointment at Doctors Portal to another free time.'),
  );
  const { id = '' } = useParams();
  return <RescheduleAppointment key={id} id={id} />;
}
