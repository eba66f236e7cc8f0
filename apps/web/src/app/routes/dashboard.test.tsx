import { describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@clinic/shared';
import { availabilityFactory, bookingDetailFactory, bookingFactory } from '../../test/factories.ts';
import { json, mockFetch, patient, problem, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

describe('/dashboard', () => {
  it('has the side menu, the heading, and My Appointments as its index', async () => {
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([bookingFactory()]),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: texts.dashboardWelcome }),
    ).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['My Appointments', '/dashboard'],
      ['My Reviews', '/dashboard/review'],
      ['My History', '/dashboard/history'],
      ['My Waitlist', '/dashboard/waitlist'],
      ['My Forms', '/dashboard/forms'],
      ['My Family', '/dashboard/family'],
      ['Profile', '/dashboard/profile'],
      ['Security', '/dashboard/security'],
    ]);
    expect(within(menu).getByRole('link', { name: 'My Appointments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('heading', { name: 'My Appointments: 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pay' })).toHaveAttribute(
      'href',
      '/dashboard/payment/b1',
    );
    // Set in an effect after the page renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('My Appointments - Doctors Portal'));
  });

  it('opens My Reviews and My History from the menu', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([]),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });

    await user.click(within(menu).getByRole('link', { name: 'My Reviews' }));
    expect(await screen.findByRole('heading', { name: 'My Reviews' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Reviews - Doctors Portal'));

    await user.click(within(menu).getByRole('link', { name: 'My History' }));
    expect(await screen.findByRole('heading', { name: 'My History' })).toBeInTheDocument();
    // The spec's 'History loading' while the bookings load, then the (empty) history.
    expect(screen.getByText(texts.historyLoading)).toBeInTheDocument();
    expect(await screen.findByText('No past appointments yet.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My History - Doctors Portal'));
    expect(
      screen.getByRole('heading', { level: 1, name: texts.dashboardWelcome }),
    ).toBeInTheDocument();
  });

  it('toggles the side menu from its button on small screens', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([]),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard/history'] });

    const button = await screen.findByRole('button', { name: 'Dashboard menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', {
        name: 'My Appointments',
      }),
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('signs out, forgets the token and goes home when the bookings list answers 401', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => problem(401, 'Sign in again'),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: texts.heroTitle }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/sign-out');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it("opens a booking's page from Details, and its reschedule page from there", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([bookingFactory()]),
      'GET /api/booking/b1': () => json(bookingDetailFactory()),
      'GET /api/availability': () => json(availabilityFactory()),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard'] });

    await user.click(await screen.findByRole('link', { name: 'Details' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Teeth Cleaning' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments/b1');
    expect(
      screen.getByRole('heading', { level: 1, name: texts.dashboardWelcome }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Appointment - Doctors Portal'));

    await user.click(screen.getByRole('link', { name: 'Reschedule' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Reschedule your appointment' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/appointments/b1/reschedule');
    await waitFor(() => expect(document.title).toBe('Reschedule - Doctors Portal'));
  });

  it("sends a signed-out visitor of a booking's page to /login", async () => {
    mockFetch({ 'GET /api/me': () => json({ user: null }) });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard/appointments/b1'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('opens My Waitlist from the menu and from the link under My Appointments', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([bookingFactory()]),
      'GET /api/waitlist': () => json([]),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard'] });
    await screen.findByRole('heading', { name: 'My Appointments: 1' });

    await user.click(screen.getByRole('link', { name: 'Want an earlier time? Join a waitlist' }));
    expect(await screen.findByRole('heading', { name: 'My Waitlist' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/waitlist');
    expect(await screen.findByText(/You are not on any waitlist/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Waitlist - Doctors Portal'));
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'My Waitlist' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(menu).getByRole('link', { name: 'My Appointments' }));
    await user.click(await within(menu).findByRole('link', { name: 'My Waitlist' }));
    expect(await screen.findByRole('heading', { name: 'My Waitlist' })).toBeInTheDocument();
  });
});
