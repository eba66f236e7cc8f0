import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@clinic/shared';
import { bookingFactory } from '../../test/factories.ts';
import { json, mockFetch, patient, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

describe('/dashboard/payment/:id', () => {
  it("opens from My Appointments' pay link inside the dashboard, with its own title", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([bookingFactory({ _id: 'b7' })]),
      'GET /api/booking/b7': () => json(bookingFactory({ _id: 'b7' })),
      'GET /api/payments/config': () => json({ mode: 'test' }),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard'] });

    await user.click(await screen.findByRole('link', { name: 'pay' }));

    expect(await screen.findByRole('heading', { name: 'Hello, Pat Patient' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/payment/b7');
    expect(
      screen.getByRole('heading', { level: 1, name: texts.dashboardWelcome }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    // Set in an effect after the page renders: wait for it rather than race it.
    await waitFor(() => expect(document.title).toBe('Payment - Doctors Portal'));
  });

  it('sends a signed-out visitor to /login, to come back to the payment page', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: null }) });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard/payment/b7'] });

    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/dashboard/payment/b7' });
  });
});
