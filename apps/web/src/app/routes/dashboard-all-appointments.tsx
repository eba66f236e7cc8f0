import { AllAppointments } from '../../features/front-desk/components/all-appointments.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** All Appointments (admin): the front desk's view of every booking, a day at a time. */
export default function DashboardAllAppointmentsRoute() {
  usePageMeta(
    'All Appointments - Doctors Portal',
    'Every appointment at the Doctors Portal clinic: statuses, payments, cancellations and moves.',
  );
  return <AllAppointments />;
}
