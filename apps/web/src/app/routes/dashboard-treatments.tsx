import { TreatmentsAdmin } from '../../features/schedule/components/treatments-admin.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Treatments (admin): what the clinic offers, its prices and durations, and who performs it. */
export default function DashboardTreatmentsRoute() {
  usePageMeta(
    'Treatments - Doctors Portal',
    'The treatments of the Doctors Portal clinic: prices, durations and doctors.',
  );
  return <TreatmentsAdmin />;
}
