/**
 * A verification link works once. Better Auth's email-verification token is a signed JWT (the
 * address, and for a change of address the new one) with no record behind it, so it would
 * verify, or move an account to its new address, as often as it is opened for 24 hours: from a
 * forwarded mail, a shared screen, a log. The first use of a well-signed token reserves a
 * marker in the verifications table (Better Auth's `reserveVerificationValue`: first writer
 * wins, atomically, and the identifier is stored hashed); a second use finds it taken and is sent
 * to the web app's page with `?error=LINK_ALREADY_USED` instead of reaching Better Auth's handler.
 *
 * A token that is not well signed or has expired reserves nothing: Better Auth refuses it with
 * its own reason. The marker lives as long as the token would have.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const EMAIL_LINK_ALREADY_USED = 'LINK_ALREADY_USED';

/** The parts of Better Auth's hook context this needs. */
export interface EmailLinkContext {
  query?: unknown;
  context: {
    secret: string;
    internalAdapter: {
      reserveVerificationValue(data: { identifier: string; value: string; expiresAt: Date }): Promise<boolean>;
    };
  };
}

/** The expiry of an HS256 JWT signed with `secret`, or null when it is not one or is out of date. */
export function signedTokenExpiry(token: string, secret: string, now = Date.now()): Date | null {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    if (alg !== 'HS256' || typeof exp !== 'number' || exp * 1000 <= now) return null;
    return new Date(exp * 1000);
  } catch {
    return null;
  }
}

/**
 * Marks the link's token used; true the first time, false on any later use. A token that is not
 * well signed or has expired counts as first (Better Auth refuses it anyway).
 */
export async function claimEmailLink(ctx: EmailLinkContext): Promise<boolean> {
  const token = (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return true;
  const expiresAt = signedTokenExpiry(token, ctx.context.secret);
  if (!expiresAt) return true;
  return ctx.context.internalAdapter.reserveVerificationValue({
    identifier: `email-link-used:${token}`,
    value: 'used',
    expiresAt,
  });
}
