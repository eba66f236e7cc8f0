import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import {
  json,
  LocationProbe,
  mockFetch,
  patient,
  problem,
  renderRoutes,
} from '../../../test/utils.tsx';
import { RequireAuth } from './require-auth.tsx';

const routes = [
  { path: '/login', element: <LocationProbe /> },
  {
    element: <RequireAuth />,
    children: [{ path: '/appointment', element: <h1>Booking page</h1> }],
  },
];

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering the full path to come back to', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: null }) });
    renderRoutes(routes, { initialEntries: ['/appointment?date=2030-01-02'] });

    // A spinner while the auth state loads.
    expect(screen.getByRole('status')).toBeInTheDocument();

    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/login state={"from":"/appointment?date=2030-01-02"}');
    expect(screen.queryByText('Booking page')).not.toBeInTheDocument();
  });

  it('treats a rejected bearer token as signed out and forgets it', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    mockFetch({ 'GET /api/me': () => problem(401, 'Invalid token') });
    renderRoutes(routes, { initialEntries: ['/appointment'] });

    expect((await screen.findByTestId('location')).textContent).toBe(
      '/login state={"from":"/appointment"}',
    );
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the page to a signed-in user', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: patient }) });
    renderRoutes(routes, { initialEntries: ['/appointment'] });

    expect(await screen.findByRole('heading', { name: 'Booking page' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('offers a retry instead of a wrong redirect when the auth state cannot be loaded', async () => {
    mockFetch({ 'GET /api/me': () => new Response('Bad gateway', { status: 502 }) });
    renderRoutes(routes, { initialEntries: ['/appointment'] });

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
