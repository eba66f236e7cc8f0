import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

const receptionist = { _id: 'u7', name: 'Rita Desk', email: 'rita@clinic.test', role: 'receptionist' };
const doctor = { _id: 'u8', name: 'Dr Ada', email: 'ada@clinic.test', role: 'doctor', doctorId: 'd-ada' };

function signedInAs(user: typeof receptionist | typeof doctor, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/me': () => json({ user }),
    [`GET /api/admin/${encodeURIComponent(user.email)}`]: () => json({ admin: false }),
    'GET /api/booking': () => json([]),
    'GET /api/staff/day': () => json({ date: '2030-06-12', doctor: { _id: 'd-ada', name: 'Dr Ada' }, items: [] }),
    'GET /api/doctors/public': () => json([{ _id: 'd-ada', name: 'Dr Ada', img: '', bio: '', treatments: [] }]),
    'GET /api/admin/bookings': () => json({ items: [], nextCursor: null }),
    'GET /api/admin/treatments': () => json([]),
    'GET /api/admin/recalls': () => json({ items: [], nextCursor: null }),
    ...extra,
  });
}

async function menuLinks() {
  const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
  await within(menu).findByRole('link', { name: 'My Day' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the dashboard for the other staff roles', () => {
  it("shows a receptionist the front desk and the doctors' days, none of the owner's screens", async () => {
    signedInAs(receptionist);
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    expect(await menuLinks()).toEqual([
      ['My Appointments', '/dashboard'],
      ['My Reviews', '/dashboard/review'],
      ['My History', '/dashboard/history'],
      ['All Appointments', '/dashboard/all-appointments'],
      ['Recalls', '/dashboard/recalls'],
      ['My Day', '/dashboard/my-day'],
      ['My Waitlist', '/dashboard/waitlist'],
      ['My Forms', '/dashboard/forms'],
      ['My Family', '/dashboard/family'],
      ['Profile', '/dashboard/profile'],
      ['Security', '/dashboard/security'],
    ]);
    // The navbar's Dashboard leads to the screen the receptionist works in.
    expect(screen.getByRole('navigation', { name: /main/i }).querySelector('a[href="/dashboard/all-appointments"]')).not.toBeNull();
  });

  it('shows a doctor My Day, and leads Dashboard there', async () => {
    signedInAs(doctor);
    renderRoutes(routes, { initialEntries: ['/dashboard/my-day'] });
    expect(await menuLinks()).toEqual([
      ['My Appointments', '/dashboard'],
      ['My Reviews', '/dashboard/review'],
      ['My History', '/dashboard/history'],
      ['My Day', '/dashboard/my-day'],
      ['My Waitlist', '/dashboard/waitlist'],
      ['My Forms', '/dashboard/forms'],
      ['My Family', '/dashboard/family'],
      ['Profile', '/dashboard/profile'],
      ['Security', '/dashboard/security'],
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'My Day: Dr Ada' })).toBeInTheDocument();
  });

  it('opens All Appointments for a receptionist, and tells a doctor it is not theirs', async () => {
    signedInAs(receptionist);
    const first = renderRoutes(routes, { initialEntries: ['/dashboard/all-appointments'] });
    expect(await screen.findByRole('heading', { level: 2, name: 'All Appointments' })).toBeInTheDocument();
    // The doctors to filter by come from the public list: the owner's GET /api/doctor is not the desk's.
    expect(await screen.findByRole('option', { name: 'Dr Ada' })).toBeInTheDocument();
    first.unmount();

    const { calls } = signedInAs(doctor);
    renderRoutes(routes, { initialEntries: ['/dashboard/all-appointments'] });
    expect(await screen.findByText('This page is not part of your role at the clinic.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(calls.map((c) => c.path)).not.toContain('/api/admin/bookings');
  });

  it('opens Recalls from the menu for a receptionist, and tells a doctor it is not theirs', async () => {
    const user = userEvent.setup();
    const { calls } = signedInAs(receptionist);
    const first = renderRoutes(routes, { initialEntries: ['/dashboard'] });
    await menuLinks();
    await user.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Recalls' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Recalls' })).toBeInTheDocument();
    expect(await screen.findByText('No patients are due for a check-up.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Recalls - Doctors Portal'));
    expect(calls.map((c) => c.path)).toContain('/api/admin/recalls?status=due&limit=50');
    first.unmount();

    const asDoctor = signedInAs(doctor);
    renderRoutes(routes, { initialEntries: ['/dashboard/recalls'] });
    expect(await screen.findByText('This page is not part of your role at the clinic.')).toBeInTheDocument();
    expect(asDoctor.calls.map((c) => c.path.split('?')[0])).not.toContain('/api/admin/recalls');
  });

  it('shows a patient no Recalls entry, and keeps the page from them', async () => {
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: { ...receptionist, role: 'user' } }),
      'GET /api/admin/rita%40clinic.test': () => json({ admin: false }),
      'GET /api/booking': () => json([]),
    });
    const first = renderRoutes(routes, { initialEntries: ['/dashboard'] });
    await screen.findByRole('heading', { name: 'My Appointments: 0' });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/admin/rita%40clinic.test'));
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).queryByRole('link', { name: 'Recalls' })).not.toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, { initialEntries: ['/dashboard/recalls'] });
    expect(await screen.findByText('This page is not part of your role at the clinic.')).toBeInTheDocument();
    expect(calls.map((c) => c.path.split('?')[0])).not.toContain('/api/admin/recalls');
  });

  it('keeps My Day from a patient', async () => {
    mockFetch({
      'GET /api/me': () => json({ user: { ...receptionist, role: 'user' } }),
      'GET /api/admin/rita%40clinic.test': () => json({ admin: false }),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard/my-day'] });
    expect(await screen.findByText('This page is not part of your role at the clinic.')).toBeInTheDocument();
  });
});
