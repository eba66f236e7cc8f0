import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { loadCatalog } from '../../i18n/catalog.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import { renderAt } from '../../test/utils.tsx';
import ForgotPasswordRoute from './forgot-password.tsx';
import NotFoundRoute from './not-found.tsx';
import VerifyEmailRoute from './verify-email.tsx';

describe('the forgot password, email confirmation and 404 pages', () => {
  describe('in Spanish', () => {
    beforeEach(async () => {
      await Promise.all([loadCatalog('es', 'pages'), loadCatalog('es', 'app')]);
      act(() => chooseLocale('es'));
    });
    afterEach(() => {
      act(() => chooseLocale('en'));
      localStorage.clear();
    });

    it('asks for a reset link in Spanish', () => {
      renderAt(<ForgotPasswordRoute />, { path: '/forgot-password' });
      expect(
        screen.getByRole('heading', { level: 1, name: 'Recuperar contraseña' }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Enviar enlace de restablecimiento' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
        'href',
        '/login',
      );
    });

    it('explains a refused confirmation link in Spanish', () => {
      renderAt(<VerifyEmailRoute />, {
        path: '/verify-email',
        initialEntries: ['/verify-email?error=TOKEN_EXPIRED'],
      });
      expect(
        screen.getByRole('heading', {
          name: 'No hemos podido confirmar su dirección de correo electrónico',
        }),
      ).toBeInTheDocument();
      expect(
        screen.getByText('Este enlace ha caducado: los enlaces son válidos durante 24 horas.'),
      ).toBeInTheDocument();
    });

    it('says a page is not found in Spanish', () => {
      renderAt(<NotFoundRoute />, { path: '/nowhere' });
      expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    });
  });

  it('reads English byte for byte by default', () => {
    renderAt(<NotFoundRoute />, { path: '/nowhere' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(
      screen.getByText('The page you asked for does not exist or has moved.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
