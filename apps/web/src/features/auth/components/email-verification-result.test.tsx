import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../../test/utils.tsx';
import { EmailVerificationResult } from './email-verification-result.tsx';

describe('EmailVerificationResult', () => {
  it('says the address is confirmed and leads on to booking', () => {
    renderAt(<EmailVerificationResult error={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your email address is confirmed');
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/appointment');
  });

  it.each([
    ['token_expired', 'This link has expired: links are valid for 24 hours.'],
    ['invalid_token', 'This link is not valid: it may have been cut short or mistyped.'],
    // As Better Auth and the server spell them.
    ['TOKEN_EXPIRED', 'This link has expired: links are valid for 24 hours.'],
    ['LINK_ALREADY_USED', 'This link has already been used: each link works once.'],
    ['something_else', 'This link did not work.'],
  ])('explains a refused link (%s) and how to get a new one', (error, reason) => {
    renderAt(<EmailVerificationResult error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not confirm your email address');
    expect(alert).toHaveTextContent(reason);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
