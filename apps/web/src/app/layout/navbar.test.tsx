import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, LocationProbe, mockFetch, patient, renderRoutes } from '../../test/utils.tsx';
import { Navbar } from './navbar.tsx';

function renderNavbar(path = '/about') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <Navbar />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('Navbar', () => {
  it('shows the public links and Login when signed out', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: null }) });
    renderNavbar();

    const nav = mainNav();
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(nav).getByRole('link', { name: 'Doctors Portal' })).toHaveAttribute('href', '/');
    for (const [name, href] of [
      ['Home', '/'],
      ['Appointment', '/appointment'],
      ['Reviews', '/reviews'],
      ['Contact Us', '/contact'],
      ['About', '/about'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows Dashboard and Sign Out when signed in', async () => {
    mockFetch({ 'GET /api/me': () => json({ user: patient }) });
    renderNavbar();

    const nav = mainNav();
    expect(await within(nav).findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('signs out: calls the server, forgets the token, goes home and offers Login again', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', 'token-123');
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: patient }),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    renderNavbar('/dashboard');

    await user.click(await within(mainNav()).findByRole('button', { name: 'Sign Out' }));

    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
    const signOut = calls.find((call) => call.path === '/api/auth/sign-out');
    expect(signOut).toMatchObject({ method: 'POST', body: {} });
    expect(signOut?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('has a keyboard-operable menu button for small screens', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/me': () => json({ user: null }) });
    renderNavbar();

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(within(menu!).getByRole('link', { name: 'Appointment' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
