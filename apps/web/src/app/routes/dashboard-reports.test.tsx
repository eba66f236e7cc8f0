import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  reportDoctors,
  reportTreatments,
  reportsSummaryFactory,
} from '../../features/reports/utils/reports-test-factories.ts';
import { clinicProfileFactory } from '../../test/clinic-factories.ts';
import { json, mockFetch, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

const admin = { _id: 'u0', name: 'Ada Admin', email: 'admin@clinic.test', role: 'admin' };
const receptionist = {
  _id: 'u7',
  name: 'Rita Desk',
  email: 'rita@clinic.test',
  role: 'receptionist',
};

function signedInAs(user: typeof admin, isAdmin: boolean) {
  return mockFetch({
    'GET /api/me': () => json({ user }),
    [`GET /api/admin/${encodeURIComponent(user.email)}`]: () => json({ admin: isAdmin }),
    'GET /api/booking': () => json([]),
    'GET /api/clinic': () => json(clinicProfileFactory()),
    'GET /api/doctors/public': () => json(reportDoctors),
    'GET /api/admin/treatments': () => json(reportTreatments),
    'GET /api/admin/bookings': () => json({ items: [], nextCursor: null }),
    'GET /api/admin/recalls': () => json({ items: [], nextCursor: null }),
    'GET /api/admin/reports/summary': () => json(reportsSummaryFactory()),
    'POST /api/auth/sign-out': () => json({ success: true }),
    'GET /api/config': () => json({ googleSignIn: false }),
  });
}

describe('the Reports page in the dashboard', () => {
  it('opens from the admin menu, with its title', async () => {
    const user = userEvent.setup();
    const { calls } = signedInAs(admin, true);
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard'] });

    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    await user.click(await within(menu).findByRole('link', { name: 'Reports' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Reports' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/reports');
    await waitFor(() => expect(document.title).toBe('Reports - Doctors Portal'));
    expect(within(menu).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText('Figures for Jun 3, 2030 – Jun 16, 2030')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/admin/reports/summary?from='))).toBe(
      true,
    );
  });

  it('is not in the menu of a receptionist', async () => {
    signedInAs(receptionist, false);
    renderRoutes(routes, { initialEntries: ['/dashboard'] });

    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'All Appointments' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  });

  it('signs a receptionist who opens it out, without asking for the report', async () => {
    const { calls } = signedInAs(receptionist, false);
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard/reports'] });

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/sign-out');
    expect(calls.some((call) => call.path.startsWith('/api/admin/reports/'))).toBe(false);
  });
});
