import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { json, LocationProbe, mockFetch, patient, renderRoutes } from '../../../test/utils.tsx';
import { RequireAdmin } from './require-admin.tsx';

const routes = [
  { path: '/login', element: <LocationProbe /> },
  {
    element: <RequireAdmin />,
    children: [{ path: '/dashboard/users', element: <h1>All Users</h1> }],
  },
];

describe('RequireAdmin', () => {
  it('shows the page to an admin', async () => {
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: { ...patient, role: 'admin' } }),
      'GET /api/admin/pat%40example.com': () => json({ admin: true }),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard/users'] });

    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/admin/pat%40example.com');
  });

  it('signs a non-admin out and sends them to /login', async () => {
    localStorage.setItem('accessToken', 'token-123');
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/admin/pat%40example.com': () => json({ admin: false }),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard/users'] });

    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/auth/sign-out');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.queryByText('All Users')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: null }) });
    renderRoutes(routes, { initialEntries: ['/dashboard/users'] });

    expect((await screen.findByTestId('location')).textContent).toBe('/login');
  });
});
