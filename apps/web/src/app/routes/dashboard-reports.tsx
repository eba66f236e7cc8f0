import { Reports } from '../../features/reports/components/reports-page.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Reports (admin): the clinic's figures for a range of days, with charts and a CSV. */
export default function DashboardReportsRoute() {
  usePageMeta(
    'Reports - Doctors Portal',
    "The Doctors Portal clinic's figures: appointments, no-shows, revenue, utilization and more.",
  );
  return <Reports />;
}
