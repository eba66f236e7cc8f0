import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_EXPORT_FORMAT, accountDeletionTexts, toasts } from '@clinic/shared';
import esAccount from '@clinic/shared/locales/es/account.json';
import { loadCatalog } from '../../i18n/catalog.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import { getAccessToken, setAccessToken } from '../../lib/token-storage.ts';
import { json, mockFetch, patient, problem, renderRoutes } from '../../test/utils.tsx';
import { routes } from '../routes.tsx';

const me = { ...patient, phone: '555 0100' };

describe('/dashboard/profile', () => {
  it('is in the menu, and shows the name and phone of the account', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/me': () => json({ user: me }), 'GET /api/booking': () => json([]) });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    await user.click(within(menu).getByRole('link', { name: 'Profile' }));

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Pat Patient');
    expect(screen.getByLabelText('Phone')).toHaveValue('555 0100');
    expect(screen.getByLabelText('Email')).toHaveValue('pat@example.com');
    await waitFor(() => expect(document.title).toBe('Profile - Doctors Portal'));
  });

  it('saves the name and phone, says so, and the app shows the new name', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: me }),
      'PATCH /api/me': (call) => json({ user: { ...me, ...(call.body as object) } }),
    });
    const { queryClient } = renderRoutes(routes, { initialEntries: ['/dashboard/profile'] });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Pat Smith');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+1 555 0199');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(toasts.profileSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/me',
      body: { name: 'Pat Smith', phone: '+1 555 0199' },
    });
    expect(queryClient.getQueryData(['me'])).toMatchObject({
      name: 'Pat Smith',
      phone: '+1 555 0199',
    });
  });

  it('checks the name before sending, and puts server field errors on their fields', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: me }),
      'PATCH /api/me': () =>
        problem(400, 'Invalid input', {
          errors: { phone: ['Phone must be 40 characters or shorter'] },
        }),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard/profile'] });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await user.type(name, 'Pat');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone must be 40 characters or shorter')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an error with a retry when the account cannot be loaded', async () => {
    mockFetch({ 'GET /api/me': () => problem(500, 'Internal Server Error') });
    renderRoutes(routes, { initialEntries: ['/dashboard/profile'] });
    // RequireAuth or the page: either way the failure is said, not a blank page.
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  describe('in Spanish', () => {
    beforeEach(async () => {
      await Promise.all([loadCatalog('es', 'account'), loadCatalog('es', 'app')]);
      act(() => chooseLocale('es'));
    });
    afterEach(() => {
      act(() => chooseLocale('en'));
      localStorage.clear();
    });

    it('shows the profile, its reminders, the data export and the deletion in Spanish', async () => {
      mockFetch({ 'GET /api/me': () => json({ user: me }) });
      renderRoutes(routes, { initialEntries: ['/dashboard/profile'] });

      expect(await screen.findByRole('heading', { name: 'Perfil' })).toBeInTheDocument();
      expect(await screen.findByLabelText('Nombre')).toHaveValue('Pat Patient');
      expect(screen.getByLabelText('Teléfono')).toHaveValue('555 0100');
      expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Recordatorios' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Sus datos' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeInTheDocument();
      const section = screen.getByRole('region', { name: 'Eliminar mi cuenta' });
      expect(within(section).getByLabelText('Su contraseña')).toBeInTheDocument();
      // The address, the password and the sessions on the same page.
      expect(screen.getByRole('region', { name: 'Dirección de correo electrónico' })).toBeInTheDocument();
      expect(screen.getByLabelText('Nueva dirección de correo electrónico')).toBeInTheDocument();
      expect(screen.getByLabelText('Contraseña actual')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Dónde tiene la sesión iniciada' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Perfil - Doctors Portal'));
    });

    it("has the server's reasons for refusing a deletion, as it words them", () => {
      for (const text of Object.values(accountDeletionTexts))
        expect(Object.keys(esAccount), text).toContain(text);
    });
  });

  describe('Download my data', () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    afterEach(() => {
      createObjectURL.mockClear();
      revokeObjectURL.mockClear();
    });

    it('fetches the export with the bearer token and saves it as the dated JSON file', async () => {
      const user = userEvent.setup();
      setAccessToken('tok.en');
      const clicked: { download: string; href: string }[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push({ download: this.download, href: this.href });
      });
      const { calls } = mockFetch({
        'GET /api/me': () => json({ user: me }),
        'GET /api/me/export': () =>
          json({
            format: ACCOUNT_EXPORT_FORMAT,
            exportedAt: '2030-06-05T10:15:00.000Z',
            bookings: [],
          }),
      });
      renderRoutes(routes, { initialEntries: ['/dashboard/profile'] });
      await user.click(await screen.findByRole('button', { name: 'Download my data' }));

      expect(
        await screen.findByText('Saved doctors-portal-export-2030-06-05.json'),
      ).toBeInTheDocument();
      expect(clicked).toEqual([
        { download: 'doctors-portal-export-2030-06-05.json', href: 'blob:export' },
      ]);
      const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
      expect(JSON.parse(await blob.text())).toMatchObject({ format: ACCOUNT_EXPORT_FORMAT });
      expect(calls.find((c) => c.path === '/api/me/export')?.headers.get('authorization')).toBe(
        'Bearer tok.en',
      );
      click.mockRestore();
    });

    it('says why when the export is refused (too many)', async () => {
      const user = userEvent.setup();
      mockFetch({
        'GET /api/me': () => json({ user: me }),
        'GET /api/me/export': () =>
          problem(429, 'Too many attempts. Please wait 3000 seconds and try again.'),
      });
      renderRoutes(routes, { initialEntries: ['/dashboard/profile'] });
      await user.click(await screen.findByRole('button', { name: 'Download my data' }));
      expect(
        await screen.findByText('Too many attempts. Please wait 3000 seconds and try again.'),
      ).toBeInTheDocument();
      expect(createObjectURL).not.toHaveBeenCalled();
    });
  });

  it('deletes the account, forgets the token and the user, and goes home with a toast', async () => {
    const user = userEvent.setup();
    setAccessToken('tok.en');
    let isDeleted = false;
    const { calls, spy } = mockFetch({
      'GET /api/me': () => json({ user: isDeleted ? null : me }),
      'DELETE /api/me': () => {
        isDeleted = true;
        return json({ erased: true, kept: [] }, 202);
      },
      'POST /api/auth/sign-out': () => problem(401, 'Please sign in first.'),
    });
    const { queryClient, router } = renderRoutes(routes, {
      initialEntries: ['/dashboard/profile'],
    });
    const section = await screen.findByRole('region', { name: 'Delete my account' });
    await user.type(within(section).getByLabelText('Your password'), 'secret123');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));

    expect(await screen.findByText(accountDeletionTexts.deleted)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.headers.get('authorization')).toBe(
      'Bearer tok.en',
    );
    expect(getAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['me'])).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
    spy.mockRestore();
  });
});
