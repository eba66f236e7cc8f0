import { Outlet } from 'react-router';
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout.tsx';

/**
 * The dashboard layout route (spec section 2): side menu, heading, and the nested page. Each
 * nested page sets its own title. The admin entries (All Users, Add a Doctor, Manage Doctors)
 * arrive with the admin screens: they are passed here as `adminMenuItems` for admins only.
 */
export default function DashboardRoute() {
  return (
    <DashboardLayout>
      <Outlet />
    </DashboardLayout>
  );
}
