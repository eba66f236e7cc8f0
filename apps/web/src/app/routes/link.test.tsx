import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { json, mockFetch, patient, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

const guardianView = {
  purpose: 'guardian',
  expiresAt: '2030-06-08T10:00:00.000Z',
  firstName: 'Leo',
  inviter: 'Pat',
};

describe('/l/:token', () => {
  it('offers to accept a guardian invitation to whoever is signed in', async () => {
    mockFetch({
      'GET /api/me': () => json({ user: { ...patient, email: 'sam@example.com' } }),
      'GET /api/links/tok_abc': () => json(guardianView),
    });
    renderRoutes(routes, { initialEntries: ['/l/tok_abc'] });

    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
  });

  it('offers to log in first to whoever is not', async () => {
    mockFetch({
      'GET /api/me': () => json({ user: null }),
      'GET /api/links/tok_abc': () => json(guardianView),
    });
    renderRoutes(routes, { initialEntries: ['/l/tok_abc'] });

    expect(await screen.findByRole('link', { name: 'Log in to accept' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
