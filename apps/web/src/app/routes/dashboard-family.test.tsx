import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, patient, renderRoutes } from '../../test/utils.tsx';
import { loadCatalog } from '../../i18n/catalog.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import { routes } from '../routes.tsx';

describe('/dashboard/family', () => {
  it("opens My Family from the dashboard's menu, with its title", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'GET /api/booking': () => json([]),
      'GET /api/me/dependents': () => json([]),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard'] });

    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    await user.click(within(menu).getByRole('link', { name: 'My Family' }));

    expect(await screen.findByRole('heading', { name: 'My Family' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/family');
    // The title is set by an effect after the heading renders: wait for it, as the other routes' tests do.
    await waitFor(() => expect(document.title).toBe('My Family - Doctors Portal'));
    expect(await screen.findByText(/^No family members yet/)).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    await loadCatalog('es', 'family');
    chooseLocale('es');
    try {
      mockFetch({
        'GET /api/me': () => json({ user: patient }),
        'GET /api/booking': () => json([]),
        'GET /api/me/dependents': () => json([]),
      });
      renderRoutes(routes, { initialEntries: ['/dashboard/family'] });

      expect(await screen.findByRole('heading', { name: 'Mi familia' })).toBeInTheDocument();
      expect(await screen.findByText(/^Todavía no hay familiares/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Añadir un familiar' })).toBeInTheDocument();
    } finally {
      chooseLocale('en');
    }
  });
});
