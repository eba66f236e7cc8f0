import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoFactorTexts } from '@clinic/shared';
import { json, mockFetch, patient, renderAt } from '../../../test/utils.tsx';
import { qrPath } from './totp-qr-code.tsx';
import { BACKUP_CODES_FILE_NAME, TwoFactorSettings, backupCodesFile } from './two-factor-settings.tsx';

const URI =
  'otpauth://totp/Doctors%20Portal:pat%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Doctors%20Portal&digits=6&period=30';
const CODES = ['k7m2q-xh4pa', 'b3n9r-tw5ye'];

/** The dark modules of a path, as `col,row` (quiet zone included). */
function darkModules(path: string): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

async function openSetup() {
  const user = userEvent.setup();
  mockFetch({
    'GET /api/me': () => json({ user: { ...patient, twoFactorEnabled: false } }),
    'POST /api/auth/two-factor/enable': () => json({ totpURI: URI, backupCodes: CODES }),
  });
  renderAt(<TwoFactorSettings />, { path: '/dashboard/security' });
  await user.click(await screen.findByRole('button', { name: twoFactorTexts.turnOn }));
  await user.type(screen.getByLabelText(twoFactorTexts.passwordLabel), 'secret1');
  await user.click(screen.getByRole('button', { name: twoFactorTexts.continue }));
  await screen.findByRole('link', { name: twoFactorTexts.setupLink });
  return user;
}

describe('two-step enrolment: QR code and backup codes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws a QR code of the link next to the key, made in the page', async () => {
    await openSetup();
    const qr = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    const { size, path } = qrPath(URI);
    expect(qr).toHaveAttribute('viewBox', `0 0 ${size} ${size}`);
    expect(qr.querySelector('path')).toHaveAttribute('d', path);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
  });

  it('encodes a real QR code: finder squares in three corners inside a blank quiet zone', () => {
    const { size, path } = qrPath(URI);
    const dark = darkModules(path);
    const n = size - 8;
    // Version 1 is 21 modules, each version 4 more.
    expect((n - 21) % 4).toBe(0);
    // A finder: a dark 7x7 ring, a light ring inside it, a dark 3x3 core.
    const isFinderAt = (x: number, y: number) => {
      for (let dy = 0; dy < 7; dy++) {
        for (let dx = 0; dx < 7; dx++) {
          const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
          if (dark.has(`${x + dx},${y + dy}`) !== (ring !== 2)) return false;
        }
      }
      return true;
    };
    expect([isFinderAt(4, 4), isFinderAt(4 + n - 7, 4), isFinderAt(4, 4 + n - 7)]).toEqual([true, true, true]);
    expect(isFinderAt(4 + n - 7, 4 + n - 7)).toBe(false);
    // Nothing in the quiet zone.
    for (const key of dark) {
      const [x, y] = key.split(',').map(Number) as [number, number];
      expect(x >= 4 && y >= 4 && x < 4 + n && y < 4 + n).toBe(true);
    }
    // Another key, another code.
    expect(qrPath(URI.replace('JBSWY3DP', 'KRSXG5CT')).path).not.toBe(path);
  });

  it('downloads the backup codes as a text file', async () => {
    const createObjectURL = vi.fn((blob: Blob) => (blob.size > 0 ? 'blob:codes' : 'blob:empty'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const user = await openSetup();
    const codes = screen.getByRole('list', { name: 'Backup codes' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);

    await user.click(screen.getByRole('button', { name: twoFactorTexts.downloadBackupCodes }));

    expect(clicked).toEqual([{ download: BACKUP_CODES_FILE_NAME, href: 'blob:codes' }]);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/plain;charset=utf-8');
    expect(await blob.text()).toBe(backupCodesFile(CODES));
    expect((await blob.text()).split('\n')).toEqual(expect.arrayContaining(CODES));
  });
});
