import { MyFamily } from '../../features/families/components/my-family.tsx';
import { useFamilyT } from '../../i18n/family.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** My Family (practice-loop.md section 7): the people the account books for, and their guardians. */
export default function DashboardFamilyRoute() {
  const t = useFamilyT();
  usePageMeta(
    t('My Family - Doctors Portal'),
    t('The family members whose appointments you book and manage at the Doctors Portal clinic.'),
  );
  return <MyFamily />;
}
