import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../test/utils.tsx';
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

  it('links About us and Contact, and keeps the other words as plain, unfocusable text', () => {
    renderAt(<Footer />);

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
});
