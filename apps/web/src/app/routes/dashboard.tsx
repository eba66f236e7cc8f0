import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminQueryOptions } from '../../features/auth/api/get-admin.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import {
  DashboardLayout,
  type DashboardMenuItem,
} from '../../features/dashboard/components/dashboard-layout.tsx';

/**
 * The admin's extra entries (spec section 2, Sidebar), then the front desk's appointments, the
 * schedule's screens (treatments, the clinic's hours and closures), the contact form's
 * messages, the background work (jobs, the mail outbox) and the patients' reviews to moderate.
 */
const adminMenuItems: readonly DashboardMenuItem[] = [
  { to: '/dashboard/users', label: 'All Users' },
  { to: '/dashboard/addDoctor', label: 'Add a Doctor' },
  { to: '/dashboard/manage-doctor', label: 'Manage Doctors' },
  { to: '/dashboard/all-appointments', label: 'All Appointments' },
  { to: '/dashboard/treatments', label: 'Treatments' },
  { to: '/dashboard/clinic-hours', label: 'Clinic Hours & Closures' },
  { to: '/dashboard/messages', label: 'Messages' },
  { to: '/dashboard/background', label: 'Background work' },
  { to: '/dashboard/reviews', label: 'Reviews' },
];

/**
 * The dashboard layout route (spec section 2): side menu, heading, and the nested page. Each
 * nested page sets its own title. Whether to show the admin entries is asked of the server
 * (spec section 6), never read from the cached account.
 */
export default function DashboardRoute() {
  const me = useMe();
  const email = me.data?.email ?? '';
  const admin = useQuery({ ...adminQueryOptions(email), enabled: email !== '' });
  return (
    <DashboardLayout adminMenuItems={admin.data?.admin === true ? adminMenuItems : []}>
      <Outlet />
    </DashboardLayout>
  );
}
