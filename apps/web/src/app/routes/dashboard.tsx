import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { parseRole } from '@clinic/shared';
import { adminQueryOptions } from '../../features/auth/api/get-admin.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import {
  DashboardLayout,
  type DashboardMenuItem,
} from '../../features/dashboard/components/dashboard-layout.tsx';

const allAppointments: DashboardMenuItem = { to: '/dashboard/all-appointments', label: 'All Appointments' };
const recalls: DashboardMenuItem = { to: '/dashboard/recalls', label: 'Recalls' };
const myDay: DashboardMenuItem = { to: '/dashboard/my-day', label: 'My Day' };

/**
 * The admin's extra entries (spec section 2, Sidebar), then the front desk's appointments and
 * recalls, a doctor's day, the schedule's screens (treatments, the clinic's hours and closures),
 * the medical history form patients fill in, the clinic's profile, the contact form's messages, the background work (jobs, the mail outbox),
 * the patients' reviews to moderate, the audit log and the owner's reports.
 */
const adminMenuItems: readonly DashboardMenuItem[] = [
  { to: '/dashboard/users', label: 'All Users' },
  { to: '/dashboard/addDoctor', label: 'Add a Doctor' },
  { to: '/dashboard/manage-doctor', label: 'Manage Doctors' },
  allAppointments,
  recalls,
  myDay,
  { to: '/dashboard/treatments', label: 'Treatments' },
  { to: '/dashboard/medical-history', label: 'Medical history form' },
  { to: '/dashboard/clinic-hours', label: 'Clinic Hours & Closures' },
  { to: '/dashboard/clinic', label: 'Clinic profile' },
  { to: '/dashboard/messages', label: 'Messages' },
  { to: '/dashboard/background', label: 'Background work' },
  { to: '/dashboard/reviews', label: 'Reviews' },
  { to: '/dashboard/audit', label: 'Audit' },
  { to: '/dashboard/reports', label: 'Reports' },
];

/**
 * What the other staff roles may use (practice-loop.md section 2): the receptionist runs the
 * front desk (appointments, recalls) and looks at any doctor's day; a doctor has their own day.
 */
const staffMenuItems: Partial<Record<string, readonly DashboardMenuItem[]>> = {
  receptionist: [allAppointments, recalls, myDay],
  doctor: [myDay],
};

/**
 * The dashboard layout route (spec section 2): side menu, heading, and the nested page. Each
 * nested page sets its own title. Whether to show the admin entries is asked of the server
 * (spec section 6), never read from the cached account; the other staff entries follow the role
 * `/api/me` reads from the database (the server refuses their calls to anyone else anyway).
 */
export default function DashboardRoute() {
  const me = useMe();
  const email = me.data?.email ?? '';
  const admin = useQuery({ ...adminQueryOptions(email), enabled: email !== '' });
  const roleItems =
    admin.data?.admin === true ? adminMenuItems : (staffMenuItems[parseRole(me.data?.role)] ?? []);
  return (
    <DashboardLayout adminMenuItems={roleItems}>
      <Outlet />
    </DashboardLayout>
  );
}
