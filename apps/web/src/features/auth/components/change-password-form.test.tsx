import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountSecurityTexts as texts } from '@clinic/shared';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  confirm = next,
) {
  await user.type(screen.getByLabelText(texts.currentPassword), current);
  await user.type(screen.getByLabelText(texts.newPassword), next);
  await user.type(screen.getByLabelText(texts.confirmPassword), confirm);
  await user.click(screen.getByRole('button', { name: texts.changePassword }));
}

describe('ChangePasswordForm', () => {
  it('changes the password, then renews the access token of the new session', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', 'old-token');
    const { calls } = mockFetch({
      'POST /api/auth/change-password': () => json({ token: 'x', user: patient }),
      'PUT /api/user/pat%40example.com': () => json({ token: 'new-token' }),
      'GET /api/me': () => json({ user: patient }),
      'GET /api/auth/list-sessions': () => json([]),
    });
    renderAt(<ChangePasswordForm email={patient.email} />);

    await fill(user, 'old-pass-1', 'new-pass-2');

    expect(await screen.findByText(texts.passwordChanged)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'old-pass-1',
      newPassword: 'new-pass-2',
      revokeOtherSessions: true,
    });
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    expect(screen.getByLabelText(texts.currentPassword)).toHaveValue('');
  });

  it('checks the form first: the new password twice, the spec length rule', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderAt(<ChangePasswordForm email={patient.email} />);

    await fill(user, 'old-pass-1', 'new-pass-2', 'new-pass-3');
    expect(await screen.findByText(texts.passwordsDiffer)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusals: a common password under the field, a wrong current one under the form", async () => {
    const user = userEvent.setup();
    let answer = problem(400, 'This password is too common. Please choose another.', {
      code: 'validation_failed',
      errors: { password: ['This password is too common. Please choose another.'] },
    });
    mockFetch({ 'POST /api/auth/change-password': () => answer });
    renderAt(<ChangePasswordForm email={patient.email} />);

    await fill(user, 'old-pass-1', 'password1');
    expect(
      await screen.findByText('This password is too common. Please choose another.'),
    ).toBeInTheDocument();

    answer = problem(400, 'Invalid password', { code: 'validation_failed' });
    await user.clear(screen.getByLabelText(texts.newPassword));
    await user.clear(screen.getByLabelText(texts.confirmPassword));
    await user.type(screen.getByLabelText(texts.newPassword), 'fine-pass-42');
    await user.type(screen.getByLabelText(texts.confirmPassword), 'fine-pass-42');
    await user.click(screen.getByRole('button', { name: texts.changePassword }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
  });
});
