import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authButtons, twoFactorTexts } from '@clinic/shared';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { LoginForm } from './login-form.tsx';

/** The login screen up to the second step: the password was right and the account asks for a code. */
async function reachSecondStep(extra: Parameters<typeof mockFetch>[0] = {}) {
  const user = userEvent.setup();
  let signedIn = false;
  const mock = mockFetch({
    'POST /api/auth/sign-in/email': () =>
      json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
    'POST /api/auth/two-factor/verify-totp': () => {
      signedIn = true;
      return json({ token: 'ignored', user: patient });
    },
    'POST /api/auth/two-factor/verify-backup-code': () => {
      signedIn = true;
      return json({ token: 'ignored', user: patient });
    },
    'PUT /api/user/pat%40example.com': () => json({ token: 'token-2fa' }),
    'GET /api/me': () => json({ user: signedIn ? patient : null }),
    ...extra,
  });
  renderAt(<LoginForm />, {
    path: '/login',
    initialEntries: [{ pathname: '/login', state: { from: '/dashboard' } }],
  });
  await user.type(screen.getByLabelText('Email'), 'pat@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: authButtons.login }));
  await screen.findByRole('heading', { name: twoFactorTexts.title });
  return { user, ...mock };
}

describe('the second step of a sign-in', () => {
  it('asks for the app code, then ends as any sign-in does: the token step and back where the user was', async () => {
    const { user, calls } = await reachSecondStep();
    // No token step before the second factor.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/sign-in/email']);
    const code = screen.getByLabelText(twoFactorTexts.codeLabel);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByText(twoFactorTexts.codeRequired)).toBeInTheDocument();
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByText(twoFactorTexts.codeInvalid)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('accessToken')).toBe('token-2fa');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/auth/sign-in/email',
      'POST /api/auth/two-factor/verify-totp',
      'PUT /api/user/pat%40example.com',
      'GET /api/me',
    ]);
    expect(calls[1]?.body).toEqual({ code: '123456' });
  });

  it('takes a backup code instead, behind its toggle', async () => {
    const { user, calls } = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.useBackupCode }));
    const field = screen.getByLabelText(twoFactorTexts.backupCodeLabel);
    expect(field).toHaveFocus();
    await user.type(field, ' abcde-12345 ');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    const verify = calls.find((c) => c.path === '/api/auth/two-factor/verify-backup-code');
    expect(verify?.body).toEqual({ code: 'abcde-12345' });
    expect(screen.queryByText(twoFactorTexts.useAppCode)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong code and stays on the step", async () => {
    const { user, calls } = await reachSecondStep({
      'POST /api/auth/two-factor/verify-totp': () => problem(401, 'Invalid code'),
    });
    await user.type(screen.getByLabelText(twoFactorTexts.codeLabel), '000000');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('goes back to the email and password form', async () => {
    const { user } = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.startOver }));
    expect(screen.getByRole('button', { name: authButtons.login })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('pat@example.com');
  });
});
