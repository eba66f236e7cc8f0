import { Link } from 'react-router';
import { ClinicProfileForm } from '../../features/clinic/components/clinic-profile-form.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Clinic profile (admin): the details and texts the public pages show. */
export default function DashboardClinicRoute() {
  usePageMeta(
    'Clinic profile - Doctors Portal',
    'The name, contacts, time zone and published texts of the Doctors Portal clinic.',
  );
  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-xl font-semibold">Clinic profile</h2>
      <p className="text-sm opacity-80">
        What the home, contact, about, privacy and terms pages show. The opening hours follow{' '}
        <Link to="/dashboard/clinic-hours" className="link">
          Clinic Hours &amp; Closures
        </Link>
        .
      </p>
      <ClinicProfileForm />
    </section>
  );
}
