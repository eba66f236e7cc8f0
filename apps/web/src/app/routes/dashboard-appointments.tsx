import { useCallback } from 'react';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useIsAdmin } from '../../features/auth/hooks/use-is-admin.ts';
import { MyAppointments } from '../../features/dashboard/components/my-appointments.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** The dashboard's index: My Appointments. */
export default function DashboardAppointmentsRoute() {
  usePageMeta(
    'My Appointments - Doctors Portal',
    'Your booked dental appointments at Doctors Portal, and which are left to pay.',
  );
  const me = useMe();
  const signOut = useSignOut();
  const isAdmin = useIsAdmin();
  // A refused bookings list (spec section 4): sign out, forget the token, go home.
  const onAccessDenied = useCallback(() => void signOut('/'), [signOut]);
  if (!me.data) return null;
  return (
    <MyAppointments email={me.data.email} onAccessDenied={onAccessDenied} isStaffView={isAdmin} />
  );
}
