import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { clinicQueryKey } from '../../lib/clinic-query.ts';
import { clinicProfileFactory, filledClinicProfileFactory } from '../../test/clinic-factories.ts';
import { json, mockFetch, renderAt } from '../../test/utils.tsx';
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
