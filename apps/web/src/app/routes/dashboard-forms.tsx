import { MyForms } from '../../features/forms/components/my-forms.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useFormsT } from '../../i18n/forms.ts';

/** My Forms (practice-loop.md section 6.2): the medical history and the consents of upcoming visits. */
export default function DashboardFormsRoute() {
  const t = useFormsT();
  usePageMeta(t('My Forms - Doctors Portal'), t('Your medical history and the consents for your visits at the Doctors Portal clinic.'));
  return <MyForms />;
}
