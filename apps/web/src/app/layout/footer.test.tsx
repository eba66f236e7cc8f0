import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import { clinicQueryKey } from '../../lib/clinic-query.ts';
import { clinicProfileFactory, filledClinicProfileFactory } from '../../test/clinic-factories.ts';
import { json, mockFetch, patient, renderAt } from '../../test/utils.tsx';
import { Footer } from './footer.tsx';

describe('Footer', () => {
  it('shows the current year and the copyright line', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T10:00:00Z'));
    renderAt(<Footer />);

    expect(
      screen.getByText('Copyright © 2031 - All right reserved by Doctors Portal'),
    ).toBeInTheDocument();
  });

  it('links About us and Contact, and keeps the other words as plain, unfocusable text', async () => {
    mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory()) });
    const { queryClient } = renderAt(<Footer />);
    await vi.waitFor(() => expect(queryClient.getQueryData(clinicQueryKey)).toBeDefined());

    expect(screen.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    for (const word of ['Branding', 'Design', 'Marketing', 'Advertisement', 'Jobs', 'Press kit']) {
      const element = screen.getByText(word);
      expect(element.closest('a')).toBeNull();
      expect(element).not.toHaveAttribute('tabindex');
    }
    for (const word of ['Terms of use', 'Privacy policy', 'Cookie policy']) {
      expect(screen.getByText(word).closest('a')).toBeNull();
    }
    expect(screen.getAllByRole('link')).toHaveLength(2);
    for (const title of ['Services', 'Company', 'Legal']) {
      expect(screen.getByRole('navigation', { name: title })).toBeInTheDocument();
    }
  });

  it("links 'Privacy policy' and 'Terms of use' to their pages once the clinic has written them", async () => {
    mockFetch({ 'GET /api/clinic': () => json(filledClinicProfileFactory()) });
    renderAt(<Footer />);

    expect(await screen.findByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(screen.getByText('Cookie policy').closest('a')).toBeNull();
  });

  it('links only the one that is written', async () => {
    mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory({ terms: 'Be on time.' })) });
    renderAt(<Footer />);

    expect(await screen.findByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByText('Privacy policy').closest('a')).toBeNull();
  });

  it("shows the clinic's name, address, phone and email when set, and nothing of them when not", async () => {
    mockFetch({ 'GET /api/clinic': () => json(filledClinicProfileFactory()) });
    renderAt(<Footer />);

    expect(await screen.findByText('Smile Studio')).toBeInTheDocument();
    expect(screen.getByText('Hauptstraße 1, 10115 Berlin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+49 30 1234567' })).toHaveAttribute(
      'href',
      'tel:+49301234567',
    );
    expect(screen.getByRole('link', { name: 'hello@smile.test' })).toHaveAttribute(
      'href',
      'mailto:hello@smile.test',
    );
    expect(screen.getByText('Copyright', { exact: false })).toHaveTextContent(
      'All right reserved by Doctors Portal',
    );
  });
});

describe('Footer: the language switcher', () => {
  afterEach(() => {
    act(() => chooseLocale('en'));
    localStorage.clear();
  });

  it('switches the page to German, remembers it, and sets <html lang>', async () => {
    mockFetch({ 'GET /api/clinic': () => json(clinicProfileFactory()), 'GET /api/me': () => json({ user: null }) });
    const user = userEvent.setup();
    renderAt(<Footer />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'Deutsch');
    expect(await screen.findByRole('navigation', { name: 'Rechtliches' })).toBeInTheDocument();
    expect(screen.getByText(/Alle Rechte vorbehalten/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('locale')).toBe('de');
  });

  it('saves the choice to the account of a signed-in patient, so mails follow it', async () => {
    const { calls } = mockFetch({
      'GET /api/clinic': () => json(clinicProfileFactory()),
      'GET /api/me': () => json({ user: { ...patient, locale: null } }),
      'PATCH /api/me': () => json({ user: { ...patient, locale: 'es' } }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderAt(<Footer />);
    await queryClient.fetchQuery(meQueryOptions());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Español');
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toEqual([expect.objectContaining({ path: '/api/me', body: { locale: 'es' } })]));
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  });
});
