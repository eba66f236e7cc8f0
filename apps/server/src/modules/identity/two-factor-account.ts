/**
 * Whose second factor a request to /api/auth/two-factor/* is checking, so that the sign-in
 * limits can count its failures per account (sign-in-limits.ts): the signed-in account when
 * there is a session (turning two-step sign-in on or off), or else the account of the sign-in
 * waiting for its second step, named by Better Auth's signed `two_factor` cookie.
 *
 * Better Auth offers no hook that names this account before it checks the code, so the cookie
 * is read here, the one place that knows its shape: `<identifier>.<base64 HMAC-SHA256>`, the
 * identifier naming a verification row whose value is the user's id (docs/decisions/013).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import type { Auth } from './auth.ts';

/** The cookie the twoFactor plugin sets when a sign-in still needs its second step. */
const TWO_FACTOR_COOKIE = 'two_factor';

export function createTwoFactorAccountReader(auth: Auth) {
  return async function twoFactorAccount(headers: Headers): Promise<string | null> {
    const session = await auth.api.getSession({ headers });
    if (session) return session.user.id;

    const context = await auth.$context;
    const name = context.createAuthCookie(TWO_FACTOR_COOKIE).name;
    const value = parseCookies(headers.get('cookie') ?? '').get(name);
    const dot = value?.lastIndexOf('.') ?? -1;
    if (!value || dot < 1) return null;
    const identifier = value.slice(0, dot);
    const expected = createHmac('sha256', context.secret).update(identifier).digest();
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

    const challenge = await context.internalAdapter.findVerificationValue(identifier);
    return challenge && challenge.expiresAt.valueOf() > Date.now() ? challenge.value : null;
  };
}

export type TwoFactorAccountReader = ReturnType<typeof createTwoFactorAccountReader>;
