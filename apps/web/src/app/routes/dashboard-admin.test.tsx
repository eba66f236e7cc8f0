import { describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_MEDICAL_HISTORY } from '@clinic/shared';
import { reportsSummaryFactory } from '../../features/reports/utils/reports-test-factories.ts';
import { clinicProfileFactory } from '../../test/clinic-factories.ts';
import { json, mockFetch, patient, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

const admin = { _id: 'u0', name: 'Ada Admin', email: 'admin@clinic.test', role: 'admin' };

function menuLinks() {
  return within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

function signedInAdmin(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/me': () => json({ user: admin }),
    'GET /api/admin/admin%40clinic.test': () => json({ admin: true }),
    'GET /api/booking': () => json([]),
    ...extra,
  });
}

describe('the dashboard for admins', () => {
  it('adds the admin entries to the menu when the server says the user is an admin', async () => {
    const { calls } = signedInAdmin();
    renderRoutes(routes, { initialEntries: ['/dashboard'] });

    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'All Users' })).toBeInTheDocument();
    expect(menuLinks()).toEqual([
      ['My Appointments', '/dashboard'],
      ['My Reviews', '/dashboard/review'],
      ['My History', '/dashboard/history'],
      ['All Users', '/dashboard/users'],
      ['Add a Doctor', '/dashboard/addDoctor'],
      ['Manage Doctors', '/dashboard/manage-doctor'],
      ['All Appointments', '/dashboard/all-appointments'],
      ['Recalls', '/dashboard/recalls'],
      ['My Day', '/dashboard/my-day'],
      ['Treatments', '/dashboard/treatments'],
      ['Medical history form', '/dashboard/medical-history'],
      ['Clinic Hours & Closures', '/dashboard/clinic-hours'],
      ['Clinic profile', '/dashboard/clinic'],
      ['Messages', '/dashboard/messages'],
      ['Background work', '/dashboard/background'],
      ['Reviews', '/dashboard/reviews'],
      ['Audit', '/dashboard/audit'],
      ['Reports', '/dashboard/reports'],
      ['My Waitlist', '/dashboard/waitlist'],
      ['My Forms', '/dashboard/forms'],
      ['My Family', '/dashboard/family'],
      ['Profile', '/dashboard/profile'],
      ['Security', '/dashboard/security'],
    ]);
    expect(calls.map((call) => call.path)).toContain('/api/admin/admin%40clinic.test');
  });

  it('shows a patient only their own entries, trusting the server over the cached role', async () => {
    const { calls } = mockFetch({
      // Even a role in the cached account does not show admin entries: the server decides.
      'GET /api/me': () => json({ user: { ...patient, role: 'admin' } }),
      'GET /api/admin/pat%40example.com': () => json({ admin: false }),
      'GET /api/booking': () => json([]),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });

    await screen.findByRole('heading', { name: 'My Appointments: 0' });
    await vi.waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/admin/pat%40example.com'),
    );
    expect(menuLinks()).toEqual([
      ['My Appointments', '/dashboard'],
      ['My Reviews', '/dashboard/review'],
      ['My History', '/dashboard/history'],
      ['My Waitlist', '/dashboard/waitlist'],
      ['My Forms', '/dashboard/forms'],
      ['My Family', '/dashboard/family'],
      ['Profile', '/dashboard/profile'],
      ['Security', '/dashboard/security'],
    ]);
  });

  it.each([
    ['/dashboard/users', 'All Users - Doctors Portal', { name: 'All Users: 1' }],
    ['/dashboard/addDoctor', 'Add a Doctor - Doctors Portal', { name: 'Add a Doctor' }],
    ['/dashboard/manage-doctor', 'Manage Doctors - Doctors Portal', { name: 'Manage Doctors: 0' }],
    [
      '/dashboard/all-appointments',
      'All Appointments - Doctors Portal',
      { name: 'All Appointments' },
    ],
    ['/dashboard/recalls', 'Recalls - Doctors Portal', { name: 'Recalls' }],
    ['/dashboard/messages', 'Messages - Doctors Portal', { name: 'Messages: 0' }],
    ['/dashboard/background', 'Background work - Doctors Portal', { name: 'Background work' }],
    ['/dashboard/treatments', 'Treatments - Doctors Portal', { name: 'Treatments: 0' }],
    [
      '/dashboard/medical-history',
      'Medical history form - Doctors Portal',
      { name: 'Medical history form' },
    ],
    [
      '/dashboard/clinic-hours',
      'Clinic Hours & Closures - Doctors Portal',
      { name: 'Clinic Hours & Closures' },
    ],
    ['/dashboard/clinic', 'Clinic profile - Doctors Portal', { name: 'Clinic profile' }],
    ['/dashboard/reviews', 'Reviews - Doctors Portal', { name: 'Reviews' }],
    ['/dashboard/audit', 'Audit - Doctors Portal', { name: 'Audit' }],
    ['/dashboard/reports', 'Reports - Doctors Portal', { name: 'Reports' }],
  ])('opens %s for an admin, with its own title and description', async (path, title, heading) => {
    signedInAdmin({
      'GET /api/user': () => json([admin]),
      'GET /api/service': () => json([{ _id: 's1', name: 'Oral Surgery' }]),
      'GET /api/doctor': () => json([]),
      'GET /api/doctors/public': () => json([]),
      'GET /api/contact': () => json([]),
      'GET /api/admin/treatments': () => json([]),
      'GET /api/admin/working-hours': () => json({ doctorId: null, weekdays: {} }),
      'GET /api/clinic': () => json(clinicProfileFactory()),
      'GET /api/admin/schedule-exceptions': () => json([]),
      'GET /api/admin/bookings': () => json({ items: [], nextCursor: null }),
      'GET /api/admin/reviews': () => json({ items: [], nextCursor: null }),
      'GET /api/admin/recalls': () => json({ items: [], nextCursor: null }),
      'GET /api/audit': () => json([]),
      'GET /api/admin/reports/summary': () => json(reportsSummaryFactory()),
      'GET /api/admin/forms/medical-history': () =>
        json({ ...DEFAULT_MEDICAL_HISTORY, version: 1, createdAt: '2030-06-01T09:00:00.000Z', required: false, requiredBySetting: false }),
      'GET /api/admin/background': () =>
        json({
          jobs: [],
          failedJobs: [],
          mail: { pending: 0, scheduled: 0, sending: 0, failed: 0, cancelled: 0, expired: 0 },
          upcomingMail: [],
          smtpConfigured: true,
        }),
    });
    renderRoutes(routes, { initialEntries: [path] });

    expect(await screen.findByRole('heading', { level: 2, ...heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to your Dashboard' })).toBeInTheDocument();
    // Set in an effect after the page renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe(title));
    const description = document.head.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(description).toMatch(/Doctors Portal/);
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', {
      name: title.replace(' - Doctors Portal', ''),
    })).toHaveAttribute('aria-current', 'page');
  });

  it("opens a doctor's schedule from Manage Doctors", async () => {
    const user = userEvent.setup();
    const doctor = {
      _id: '3b1f7d0e-2c4a-4b8e-9a6d-5e4f3a2b1c0d',
      name: 'Sarah Smile',
      email: 'sarah@clinic.test',
      specialty: 'Oral Surgery',
      img: '/api/image/x',
    };
    signedInAdmin({
      'GET /api/doctor': () => json([doctor]),
      'GET /api/admin/treatments': () => json([]),
      [`GET /api/admin/doctors/${doctor._id}/treatments`]: () => json({ treatmentIds: [] }),
      'GET /api/admin/working-hours': () => json({ doctorId: null, weekdays: null }),
      'GET /api/admin/schedule-exceptions': () => json([]),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard/manage-doctor'] });

    await user.click(await screen.findByRole('link', { name: 'Schedule of Sarah Smile' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Schedule of Sarah Smile' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/doctors/${doctor._id}/schedule`);
    await waitFor(() => expect(document.title).toBe('Doctor Schedule - Doctors Portal'));
  });

  it('moves between the admin pages from the menu', async () => {
    const user = userEvent.setup();
    signedInAdmin({
      'GET /api/user': () => json([admin]),
      'GET /api/doctor': () => json([]),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });

    await user.click(await within(menu).findByRole('link', { name: 'All Users' }));
    expect(await screen.findByRole('table', { name: 'All Users: 1' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'Manage Doctors' }));
    expect(await screen.findByText('No doctors yet.')).toBeInTheDocument();
  });

  it('signs a patient who opens an admin page out and sends them to /login', async () => {
    localStorage.setItem('accessToken', 'token-123');
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/admin/pat%40example.com': () => json({ admin: false }),
      'POST /api/auth/sign-out': () => json({ success: true }),
      'GET /api/config': () => json({ googleSignIn: false }),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard/users'] });

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    const paths = calls.map((call) => `${call.method} ${call.path}`);
    expect(paths).toContain('POST /api/auth/sign-out');
    expect(paths).not.toContain('GET /api/user');
    expect(screen.queryByRole('link', { name: 'All Users' })).not.toBeInTheDocument();
  });
});
