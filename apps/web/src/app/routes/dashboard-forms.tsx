import { MyForms } from '../../features/forms/components/my-forms.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** My Forms (practice-loop.md section 6.2): the medical history and the consents of upcoming visits. */
export default function DashboardFormsRoute() {
  usePageMeta('My Forms - Doctors Portal', 'Your medical history and the consents for your visits at the Doctors Portal clinic.');
  return <MyForms />;
}
