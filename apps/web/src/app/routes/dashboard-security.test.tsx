import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, patient, problem, renderAt, renderRoutes } from '../../test/utils.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { backupCodesFile } from '../../features/auth/components/two-factor-settings.tsx';
import { loadCatalog } from '../../i18n/catalog.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import { routes } from '../routes.tsx';

const SETUP = {
  totpURI:
    'otpauth://totp/Doctors%20Portal:pat%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Doctors%20Portal&digits=6&period=30',
  backupCodes: ['aaaaa-11111', 'bbbbb-22222'],
};

describe('/dashboard/security', () => {
  it('reads English byte for byte by default', async () => {
    mockFetch({
      'GET /api/me': () => json({ user: { ...patient, twoFactorEnabled: false } }),
      'GET /api/booking': () => json([]),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard/security'] });

    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security - Doctors Portal'));
  });

  describe('in Spanish', () => {
    beforeEach(async () => {
      await Promise.all([loadCatalog('es', 'security'), loadCatalog('es', 'app')]);
      act(() => chooseLocale('es'));
    });
    afterEach(() => {
      act(() => chooseLocale('en'));
      localStorage.clear();
    });

    it('turns two-step sign-in on in Spanish: the password, its refusal, the QR code, the key and the backup codes', async () => {
      const user = userEvent.setup();
      let isWrong = true;
      mockFetch({
        'GET /api/me': () => json({ user: { ...patient, twoFactorEnabled: false } }),
        'GET /api/booking': () => json([]),
        'POST /api/auth/two-factor/enable': () =>
          isWrong ? problem(400, 'Invalid password') : json(SETUP),
      });
      renderRoutes(routes, { initialEntries: ['/dashboard/security'] });

      expect(await screen.findByRole('heading', { name: 'Seguridad' })).toBeInTheDocument();
      const section = screen.getByRole('region', { name: 'Inicio de sesión en dos pasos' });
      expect(await within(section).findByText('Desactivado')).toBeInTheDocument();
      expect(
        within(section).getByText(/^El inicio de sesión en dos pasos está desactivado\./),
      ).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Seguridad - Doctors Portal'));

      await user.click(
        screen.getByRole('button', { name: 'Activar el inicio de sesión en dos pasos' }),
      );
      const password = screen.getByLabelText('Su contraseña');
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(await screen.findByText('Introduzca su contraseña')).toBeInTheDocument();
      await user.type(password, 'wrong-one');
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña incorrecta');
      expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();

      isWrong = false;
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(
        await screen.findByRole('link', { name: 'Abrir en la aplicación de autenticación' }),
      ).toHaveAttribute('href', SETUP.totpURI);
      expect(
        screen.getByRole('img', {
          name: 'Código QR para escanear con su aplicación de autenticación',
        }),
      ).toBeInTheDocument();
      expect(screen.getByText('Clave de configuración')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Códigos de respaldo' })).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Descargar los códigos de respaldo' }),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Código de su aplicación de autenticación')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Terminar' }));
      expect(await screen.findByText('Introduzca el código de 6 dígitos')).toBeInTheDocument();
      expect(backupCodesFile(SETUP.backupCodes)).toBe(
        'Doctors Portal: códigos de respaldo para el inicio de sesión en dos pasos\nCada código le permite iniciar sesión una vez cuando no tiene a mano su aplicación de autenticación.\n\naaaaa-11111\nbbbbb-22222\n',
      );
    });

    it('asks for the code of a sign-in in Spanish', async () => {
      const user = userEvent.setup();
      mockFetch({
        'POST /api/auth/sign-in/email': () =>
          json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
        'POST /api/auth/two-factor/verify-totp': () => problem(401, 'Invalid code'),
        'GET /api/me': () => json({ user: null }),
      });
      renderAt(<LoginForm />, { path: '/login' });
      await user.type(screen.getByLabelText('Correo electrónico'), 'pat@example.com');
      await user.type(screen.getByLabelText('Contraseña'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

      expect(
        await screen.findByRole('heading', { name: 'Inicio de sesión en dos pasos' }),
      ).toBeInTheDocument();
      const code = screen.getByLabelText('Código de su aplicación de autenticación');
      await user.type(code, '12345');
      await user.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText('El código tiene 6 dígitos')).toBeInTheDocument();
      await user.type(code, '6');
      await user.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Código incorrecto');

      await user.click(screen.getByRole('button', { name: 'Usar un código de respaldo' }));
      expect(screen.getByLabelText('Código de respaldo')).toBeInTheDocument();
      expect(
        screen.getByText(
          'Introduzca uno de los códigos de respaldo que guardó. Cada uno funciona una sola vez.',
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Usar el código de su aplicación' }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Iniciar sesión con otra cuenta' }),
      ).toBeInTheDocument();
    });
  });
});
