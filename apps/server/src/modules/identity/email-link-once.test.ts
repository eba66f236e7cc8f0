import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedTokenExpiry } from './email-link-once.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function jwt(payload: object, { secret = SECRET, alg = 'HS256' } = {}) {
  const head = `${part({ alg, typ: 'JWT' })}.${part(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('signedTokenExpiry', () => {
  const now = Date.UTC(2030, 5, 5, 10);
  const exp = now / 1000 + 3600;

  it('reads the expiry of a token signed with the secret', () => {
    expect(signedTokenExpiry(jwt({ email: 'a@b.c', exp }), SECRET, now)).toEqual(new Date(exp * 1000));
  });

  it('answers null for another signature, algorithm, shape or an expired token', () => {
    expect(signedTokenExpiry(jwt({ exp }, { secret: 'another-secret' }), SECRET, now)).toBeNull();
    expect(signedTokenExpiry(jwt({ exp }, { alg: 'none' }), SECRET, now)).toBeNull();
    expect(signedTokenExpiry(jwt({ exp: now / 1000 - 1 }), SECRET, now)).toBeNull();
    expect(signedTokenExpiry(jwt({ email: 'a@b.c' }), SECRET, now)).toBeNull();
    expect(signedTokenExpiry('not-a-token', SECRET, now)).toBeNull();
    expect(signedTokenExpiry(`${jwt({ exp })}.extra`, SECRET, now)).toBeNull();
  });
});
