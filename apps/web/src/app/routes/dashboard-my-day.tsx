import { parseRole } from '@clinic/shared';
import { useMe } from '../../features/auth/api/get-me.ts';
import { MyDay } from '../../features/staff/components/my-day.tsx';
import { localToday } from '../../lib/local-today.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** My Day (doctors; the front desk and the owner choose the doctor): a day's patients. */
export default function DashboardMyDayRoute() {
  usePageMeta('My Day - Doctors Portal', "A doctor's patients at Doctors Portal on one day.");
  // RequireRole renders this page only once the signed-in account is known.
  const me = useMe();
  if (!me.data) return null;
  return <MyDay role={parseRole(me.data.role)} today={localToday()} />;
}
