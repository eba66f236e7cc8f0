import { describe, expect, it } from 'vitest';
import { accountName } from './auth.ts';

describe('the name Better Auth stores', () => {
  it('refuses a bad name on every path a person typed it on', () => {
    for (const path of ['/sign-up/email', '/update-user', undefined]) {
      expect(() => accountName('x'.repeat(101), path, 'ann')).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
    expect(accountName('  Ann Lee ', '/sign-up/email', 'ann')).toBe('Ann Lee');
  });

  it("fits an OAuth provider's name instead of failing the sign-in", () => {
    expect(accountName('g'.repeat(200_000), '/callback/google', 'gina')).toBe('g'.repeat(100));
    expect(accountName('Gina\u0000 Lopez', '/callback/google', 'gina')).toBe('Gina Lopez');
    expect(accountName('', '/callback/google', 'gina')).toBe('gina');
    expect(accountName(undefined, '/callback/google', '')).toBe('Patient');
  });
});
