import { texts } from '@clinic/shared';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * Guarded placeholder: the dashboard's side menu, My Appointments and the admin screens are
 * coming in the booking release.
 */
export default function DashboardRoute() {
  usePageMeta('Dashboard - Doctors Portal', 'Your Doctors Portal dashboard: appointments and history.');
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-semibold">{texts.dashboardWelcome}</h1>
    </div>
  );
}
