import { useParams } from 'react-router';
import { DoctorSchedule } from '../../features/schedule/components/doctor-schedule.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** A doctor's schedule (admin): treatments, weekly hours, leave and blocks. */
export default function DashboardDoctorScheduleRoute() {
  usePageMeta(
    'Doctor Schedule - Doctors Portal',
    'A Doctors Portal doctor’s treatments, working hours, leave and blocked time.',
  );
  const { id = '' } = useParams();
  return <DoctorSchedule key={id} doctorId={id} />;
}
