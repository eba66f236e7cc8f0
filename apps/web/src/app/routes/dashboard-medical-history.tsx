import { MedicalHistorySettings } from '../../features/intake-settings/components/medical-history-settings.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Medical history form (admin): the questions patients answer before a visit, in versions. */
export default function DashboardMedicalHistoryRoute() {
  usePageMeta(
    'Medical history form - Doctors Portal',
    'The medical history form patients of the Doctors Portal clinic fill in before a visit.',
  );
  return <MedicalHistorySettings />;
}
