import { useMe } from '../../features/auth/api/get-me.ts';
import { AllUsers } from '../../features/users/components/all-users.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** All Users (admin): every account, Make Admin and Remove User. */
export default function DashboardUsersRoute() {
  usePageMeta(
    'All Users - Doctors Portal',
    'Every Doctors Portal account: make a user an admin or remove an account.',
  );
  // RequireAdmin renders this page only once the signed-in admin is known.
  const me = useMe();
  if (!me.data) return null;
  return <AllUsers currentEmail={me.data.email} />;
}
