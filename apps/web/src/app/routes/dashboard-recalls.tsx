import { RecallsWorklist } from '../../features/recalls/components/recalls-worklist.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Recalls (front desk): the patients due for a check-up, to call those who have not booked. */
export default function DashboardRecallsRoute() {
  usePageMeta(
    'Recalls - Doctors Portal',
    'Patients of the Doctors Portal clinic due for their check-up: who to call, who has booked.',
  );
  return <RecallsWorklist />;
}
