import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, passwordResetTexts } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const sendButton = () => screen.getByRole('button', { name: passwordResetTexts.forgotSubmit });

describe('ForgotPasswordForm', () => {
  it('requires a valid email before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderAt(<ForgotPasswordForm />, { path: '/forgot-password' });

    await user.click(sendButton());
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'someone');
    await user.click(sendButton());
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for a link and then says the same thing whatever the address', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/auth/request-password-reset': () =>
        json({ status: true, message: 'If this email exists in our system, check your email for the reset link' }),
    });
    renderAt(<ForgotPasswordForm />, { path: '/forgot-password' });

    await user.type(screen.getByLabelText('Email'), 'Pat@Example.com');
    await user.click(sendButton());

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that address, we have sent a link to reset the password. It is valid for one hour.',
    );
    expect(calls[0]?.body).toEqual({ email: 'pat@example.com' });
    expect(screen.getByRole('link', { name: passwordResetTexts.backToLogin })).toHaveAttribute('href', '/login');
  });

  it('shows a refusal (too many requests) under the form', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /api/auth/request-password-reset': () =>
        problem(429, 'Too many reset links asked for this address. Please wait 3500 seconds and try again.'),
    });
    renderAt(<ForgotPasswordForm />, { path: '/forgot-password' });

    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many reset links');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
