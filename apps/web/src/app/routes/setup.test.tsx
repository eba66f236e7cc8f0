import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, LocationProbe, mockFetch, problem, renderRoutes } from '../../test/utils.tsx';
import SetupRoute from './setup.tsx';

const owner = { _id: 'u0', name: 'Olga Owner', email: 'olga@smile.test', role: 'admin' };

function renderSetup(url: string) {
  return renderRoutes(
    [
      { path: '/setup', element: <SetupRoute /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
}

describe('/setup', () => {
  it('sets the clinic up, signs the owner in as the login screen does and opens the dashboard', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/setup': () => json({ needed: true }),
      'POST /api/setup': () => json({ email: 'olga@smile.test' }, 201),
      'POST /api/auth/sign-in/email': () => json({ user: owner }),
      'PUT /api/user/olga%40smile.test': () => json({ token: 'owner-token' }),
      'GET /api/me': () => json({ user: owner }),
    });
    renderSetup('/setup?token=t0k');

    await user.type(await screen.findByLabelText('Clinic name'), 'Smile Studio');
    await user.type(screen.getByLabelText('Your name'), 'Olga Owner');
    await user.type(screen.getByLabelText('Your email'), 'olga@smile.test');
    await user.type(screen.getByLabelText('Password'), 'long-secret-1');
    await user.click(screen.getByRole('button', { name: 'Set up the clinic' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(localStorage.getItem('accessToken')).toBe('owner-token');
    expect(
      calls.find((call) => call.path === '/api/setup' && call.method === 'POST')?.body,
    ).toMatchObject({
      token: 't0k',
    });
    expect(calls.find((call) => call.path === '/api/auth/sign-in/email')?.body).toEqual({
      email: 'olga@smile.test',
      password: 'long-secret-1',
    });
  });

  it.each([
    ['answers 404 (an admin exists)', () => problem(404, 'Not Found')],
    ['says setup is not needed', () => json({ needed: false })],
  ])('shows the home page when the server %s', async (_case, answer) => {
    mockFetch({ 'GET /api/setup': answer });
    renderSetup('/setup?token=t0k');

    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('asks for the logged address when the link has no token', async () => {
    mockFetch({ 'GET /api/setup': () => json({ needed: true }) });
    renderSetup('/setup');

    expect(await screen.findByRole('alert')).toHaveTextContent('?token=');
    expect(screen.queryByLabelText('Clinic name')).not.toBeInTheDocument();
  });
});
