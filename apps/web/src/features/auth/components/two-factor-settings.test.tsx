import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoFactorTexts } from '@clinic/shared';
import { json, mockFetch, patient, problem, renderAt } from '../../../test/utils.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

const SETUP = {
  totpURI:
    'otpauth://totp/Doctors%20Portal:pat%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Doctors%20Portal&digits=6&period=30',
  backupCodes: ['aaaaa-11111', 'bbbbb-22222', 'ccccc-33333'],
};

function renderSettings() {
  return renderAt(<TwoFactorSettings />, { path: '/dashboard/security' });
}

describe('TwoFactorSettings', () => {
  it('says it is off, and turns it on: password, setup key and backup codes, a first code, a new token', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', 'old-token');
    let isOn = false;
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: { ...patient, twoFactorEnabled: isOn } }),
      'POST /api/auth/two-factor/enable': () => json(SETUP),
      'POST /api/auth/two-factor/verify-totp': () => {
        isOn = true;
        return json({ token: 'x', user: patient });
      },
      'PUT /api/user/pat%40example.com': () => json({ token: 'new-token' }),
    });
    renderSettings();

    expect(await screen.findByText(twoFactorTexts.statusOff)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.turnOn }));
    const password = screen.getByLabelText(twoFactorTexts.passwordLabel);
    expect(password).toHaveFocus();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.continue }));
    expect(await screen.findByText(twoFactorTexts.passwordRequired)).toBeInTheDocument();
    await user.type(password, 'secret1');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.continue }));

    expect(await screen.findByRole('link', { name: twoFactorTexts.setupLink })).toHaveAttribute(
      'href',
      SETUP.totpURI,
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    const codes = screen.getByRole('list', { name: 'Backup codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(SETUP.backupCodes);

    await user.type(screen.getByLabelText(twoFactorTexts.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.confirm }));

    expect(await screen.findByText(twoFactorTexts.statusOn)).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    const put = calls.find((c) => c.method === 'PUT');
    // The old session ended with the change: the token step runs on the new cookie alone.
    expect(put?.headers.get('authorization')).toBeNull();
    expect(calls.find((c) => c.path === '/api/auth/two-factor/enable')?.body).toEqual({
      password: 'secret1',
    });
    expect(calls.find((c) => c.path === '/api/auth/two-factor/verify-totp')?.body).toEqual({
      code: '123456',
    });
  });

  it("shows a wrong password's refusal and lets the person cancel", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/me': () => json({ user: { ...patient, twoFactorEnabled: false } }),
      'POST /api/auth/two-factor/enable': () => problem(400, 'Invalid password'),
    });
    renderSettings();
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.turnOn }));
    await user.type(screen.getByLabelText(twoFactorTexts.passwordLabel), 'wrong-one');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.continue }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.cancel }));
    expect(screen.getByText(twoFactorTexts.statusOff)).toBeInTheDocument();
  });

  it('when on, gives new backup codes and turns off with the password', async () => {
    const user = userEvent.setup();
    let isOn = true;
    const { calls } = mockFetch({
      'GET /api/me': () => json({ user: { ...patient, twoFactorEnabled: isOn } }),
      'POST /api/auth/two-factor/generate-backup-codes': () =>
        json({ status: true, backupCodes: ['ddddd-44444', 'eeeee-55555'] }),
      'POST /api/auth/two-factor/disable': () => {
        isOn = false;
        return json({ status: true });
      },
      'PUT /api/user/pat%40example.com': () => json({ token: 'after-off' }),
    });
    renderSettings();

    await user.click(await screen.findByRole('button', { name: twoFactorTexts.newBackupCodes }));
    await user.type(screen.getByLabelText(twoFactorTexts.passwordLabel), 'secret1');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.newBackupCodes }));
    expect(await screen.findByText(twoFactorTexts.backupCodesReady)).toBeInTheDocument();
    expect(screen.getByText('ddddd-44444')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: twoFactorTexts.continue }));

    await user.click(screen.getByRole('button', { name: twoFactorTexts.turnOff }));
    await user.type(screen.getByLabelText(twoFactorTexts.passwordLabel), 'secret1');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.turnOff }));
    expect(await screen.findByText(twoFactorTexts.statusOff)).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('after-off');
    expect(calls.find((c) => c.path === '/api/auth/two-factor/disable')?.body).toEqual({
      password: 'secret1',
    });
  });

  it('shows loading, then a retry when the account cannot be read', async () => {
    const user = userEvent.setup();
    let fails = true;
    mockFetch({
      'GET /api/me': () =>
        fails ? problem(500, 'Something went wrong on our side.') : json({ user: patient }),
    });
    renderSettings();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    fails = false;
    await user.click(screen.getByRole('button', { name: twoFactorTexts.retry }));
    expect(await screen.findByText(twoFactorTexts.statusOff)).toBeInTheDocument();
  });
});
