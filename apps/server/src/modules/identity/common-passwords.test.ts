import { describe, expect, it } from 'vitest';
import { APIError } from 'better-auth/api';
import { messages } from '@clinic/shared';
import { refuseWeakPassword } from './auth.ts';
import { isCommonPassword, weakPasswordReason } from './common-passwords.ts';
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
        refuseWeakPassword(path, body);
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
    expect(() => refuseWeakPassword('/sign-in/email', { password: 'iloveyou' })).not.toThrow();
    expect(() => refuseWeakPassword('/change-password', { currentPassword: 'iloveyou', newPassword: 'mauve-otter' })).not.toThrow();
    expect(() => refuseWeakPassword('/sign-up/email', { password: '12345' })).not.toThrow();
    expect(() => refuseWeakPassword('/sign-up/email', null)).not.toThrow();
    expect(() => refuseWeakPassword(undefined, { password: 'iloveyou' })).not.toThrow();
  });

  it('refuses fewer than four distinct characters, whatever the length or case', () => {
    expect(weakPasswordReason('zzzzzzzzzzzzzzzz')).toBe('few-characters');
    expect(weakPasswordReason('qpqpqpqp')).toBe('few-characters');
    expect(weakPasswordReason('QqPpQqPp')).toBe('few-characters');
    expect(weakPasswordReason('xyzxyzxyz')).toBe('few-characters');
    expect(weakPasswordReason('wxyzwxyz')).toBeNull();
  });

  it("refuses the address's name part, four characters or longer, anywhere in the password", () => {
    expect(weakPasswordReason('my-Margaret.Hale-9', 'margaret.hale@example.com')).toBe('contains-email');
    expect(weakPasswordReason('x-anna-x-9', ' Anna@Example.com ')).toBe('contains-email');
    expect(weakPasswordReason('jo-and-the-sea', 'jo@example.com')).toBeNull();
    expect(weakPasswordReason('mauve-otter-canal', 'anna@example.com')).toBeNull();
    expect(weakPasswordReason('mauve-otter-canal')).toBeNull();
  });

  it('answers each refusal with its own message under the password field', () => {
    const thrown = (fn: () => void) => {
      try {
        fn();
      } catch (error) {
        return error as APIError;
      }
      throw new Error('not refused');
    };
    expect(thrown(() => refuseWeakPassword('/reset-password', { newPassword: 'zzzzzzzz' })).body).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      errors: { password: [messages.passwordTooFewCharacters] },
    });
    expect(
      thrown(() => refuseWeakPassword('/sign-up/email', { password: 'anna-1987' }, 'anna@example.com')).body,
    ).toMatchObject({ code: 'PASSWORD_TOO_WEAK', errors: { password: [messages.passwordContainsEmail] } });
    // Too short is the length rule's, with the spec's message.
    expect(() => refuseWeakPassword('/sign-up/email', { password: 'zzzzz' })).not.toThrow();
  });
});
