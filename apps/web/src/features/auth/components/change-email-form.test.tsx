import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountSecurityTexts as texts } from '@clinic/shared';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';

describe('ChangeEmailForm', () => {
  it('asks the server to mail a link to the new address, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'POST /api/auth/change-email': () => json({ status: true }) });
    renderAt(<ChangeEmailForm email={patient.email} />);

    await user.type(screen.getByLabelText(texts.newEmail), 'pat.new@example.com');
    await user.click(screen.getByRole('button', { name: texts.changeEmail }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      texts.emailLinkSent('pat.new@example.com'),
    );
    expect(calls[0]?.body).toEqual({
      newEmail: 'pat.new@example.com',
      callbackURL: '/verify-email',
    });
  });

  it('refuses the current address and a malformed one before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderAt(<ChangeEmailForm email={patient.email} />);

    await user.type(screen.getByLabelText(texts.newEmail), patient.email);
    await user.click(screen.getByRole('button', { name: texts.changeEmail }));
    expect(await screen.findByText(texts.sameEmail)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/change-email': () =>
        problem(
          429,
          'Too many changes of address asked for. Please wait 60 seconds and try again.',
        ),
    });
    renderAt(<ChangeEmailForm email={patient.email} />);

    await user.type(screen.getByLabelText(texts.newEmail), 'other@example.com');
    await user.click(screen.getByRole('button', { name: texts.changeEmail }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many changes of address');
  });
});
