import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, passwordResetTexts } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const resetButton = () => screen.getByRole('button', { name: passwordResetTexts.resetSubmit });

async function fill(newPassword: string, confirmPassword = newPassword) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(passwordResetTexts.newPassword), newPassword);
  await user.type(screen.getByLabelText(passwordResetTexts.confirmPassword), confirmPassword);
  await user.click(resetButton());
}

describe('ResetPasswordForm', () => {
  it('applies the password rules and wants the password twice', async () => {
    const { calls } = mockFetch({});
    renderAt(<ResetPasswordForm token="tok" />, { path: '/reset-password' });

    await userEvent.setup().click(resetButton());
    expect(await screen.findByText(messages.passwordRequired)).toBeInTheDocument();

    await fill('12345');
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
    await userEvent.setup().clear(screen.getByLabelText(passwordResetTexts.newPassword));
    await userEvent.setup().clear(screen.getByLabelText(passwordResetTexts.confirmPassword));
    await fill('mauve-otter-canal', 'mauve-otter-canals');
    expect(await screen.findByText(passwordResetTexts.passwordsDiffer)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the token with the new password, says so and goes to /login', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/reset-password': () => json({ status: true }) });
    renderAt(<ResetPasswordForm token="tok-123" />, { path: '/reset-password' });

    await fill('mauve-otter-canal');

    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(await screen.findByText(passwordResetTexts.resetDone)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'tok-123', newPassword: 'mauve-otter-canal' });
  });

  it("shows the server's refusal of a common password under the field", async () => {
    const message = 'This password is too common. Please choose another.';
    mockFetch({
      'POST /api/auth/reset-password': () => problem(400, message, { errors: { password: [message] } }),
    });
    renderAt(<ResetPasswordForm token="tok" />, { path: '/reset-password' });

    await fill('password1');

    const field = screen.getByLabelText(passwordResetTexts.newPassword);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('says when the link is used up or too old, and offers a new one', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () =>
        problem(400, passwordResetTexts.invalidLink, { providerCode: 'INVALID_TOKEN' }),
    });
    renderAt(<ResetPasswordForm token="old" />, { path: '/reset-password' });

    await fill('mauve-otter-canal');

    expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetTexts.invalidLink);
    expect(screen.getByRole('link', { name: passwordResetTexts.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(passwordResetTexts.newPassword)).not.toBeInTheDocument();
  });

  it('says so at once when the page has no token', () => {
    mockFetch({});
    renderAt(<ResetPasswordForm token={null} />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(passwordResetTexts.invalidLink);
  });
});
