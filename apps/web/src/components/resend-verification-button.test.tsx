import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, problem } from '../test/utils.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

describe('ResendVerificationButton', () => {
  it('asks for the mail again and says where it went', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/me/verification-email': () => json({ sent: true, email: 'pat@example.com' }, 202),
    });
    render(<ResendVerificationButton />);

    await user.click(screen.getByRole('button', { name: 'Resend the mail' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent the link again to pat@example.com.',
    );
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/me/verification-email',
    ]);
  });

  it("shows the server's refusal (too many mails) beside the button", async () => {
    const user = userEvent.setup();
    const refusal = 'We have sent this mail several times already. Please wait 40 minutes.';
    mockFetch({ 'POST /api/me/verification-email': () => problem(429, refusal) });
    render(<ResendVerificationButton />);

    await user.click(screen.getByRole('button', { name: 'Resend the mail' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
