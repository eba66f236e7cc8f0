import { ManageDoctors } from '../../features/doctors/components/manage-doctors.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Manage Doctors (admin): the clinic's doctors, each with a delete that asks first. */
export default function DashboardManageDoctorsRoute() {
  usePageMeta(
    'Manage Doctors - Doctors Portal',
    'The doctors of the Doctors Portal clinic: photos, specialties, and removing a doctor.',
  );
  return <ManageDoctors />;
}
