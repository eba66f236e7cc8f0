import { useMe } from '../../features/auth/api/get-me.ts';
import { MyWaitlist } from '../../features/waitlist/components/my-waitlist.tsx';
import { useFamilyT } from '../../i18n/family.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** My Waitlist: the treatments the patient waits for, and the times offered to them. */
export default function DashboardWaitlistRoute() {
  const t = useFamilyT();
  usePageMeta(
    t('My Waitlist - Doctors Portal'),
    t('The treatments you are waiting for at Doctors Portal, and the times offered to you.'),
  );
  const me = useMe();
  return <MyWaitlist phone={me.data?.phone} />;
}
