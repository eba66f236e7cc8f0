import { describe, expect, it } from 'vitest';
import { APIError } from 'better-auth/api';
import { refuseCommonPassword } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import list from './common-passwords.json' with { type: 'json' };

describe('common passwords', () => {
  it('ships the 10,000 most common, most common first', () => {
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.slice(0, 2)).toEqual(['123456', 'password']);
  });

  it('finds a listed password whatever its case, and nothing else', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('qwerty')).toBe(true);
    expect(isCommonPassword('mauve-otter-canal')).toBe(false);
    // The passwords the test suites and the e2e server use.
    for (const used of ['secret123', 'admin-password', 'bench-password', 'operator-secret-1', 'another-secret']) {
      expect(isCommonPassword(used), used).toBe(false);
    }
  });

  it('refuses a common new password on sign-up, reset and change, with a field error', () => {
    const cases = [
      ['/sign-up/email', { password: 'iloveyou' }],
      ['/reset-password', { newPassword: 'iloveyou', token: 'x' }],
      ['/change-password', { newPassword: 'iloveyou', currentPassword: 'whatever' }],
    ] as const;
    for (const [path, body] of cases) {
      let thrown: unknown;
      try {
        refuseCommonPassword(path, body);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, path).toBeInstanceOf(APIError);
      expect((thrown as APIError).body).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Please choose another.',
        errors: { password: ['This password is too common. Please choose another.'] },
      });
    }
  });

  it('leaves other paths, other fields and too-short passwords to their own rules', () => {
    expect(() => refuseCommonPassword('/sign-in/email', { password: 'iloveyou' })).not.toThrow();
    expect(() => refuseCommonPassword('/change-password', { currentPassword: 'iloveyou', newPassword: 'mauve-otter' })).not.toThrow();
    expect(() => refuseCommonPassword('/sign-up/email', { password: '12345' })).not.toThrow();
    expect(() => refuseCommonPassword('/sign-up/email', null)).not.toThrow();
    expect(() => refuseCommonPassword(undefined, { password: 'iloveyou' })).not.toThrow();
  });
});
