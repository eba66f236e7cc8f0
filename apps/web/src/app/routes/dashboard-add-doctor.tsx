import { AddDoctorForm } from '../../features/doctors/components/add-doctor-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Add a Doctor (admin): name, email, specialty and photo. */
export default function DashboardAddDoctorRoute() {
  usePageMeta(
    'Add a Doctor - Doctors Portal',
    'Add a doctor to the Doctors Portal clinic with a specialty and a photo.',
  );
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Add a Doctor</h2>
      <AddDoctorForm />
    </section>
  );
}
