/**
 * An account someone else makes for a person (the front desk for a phoned patient, the owner for
 * a new staff member): a random password nobody knows, then one welcome mail with a single-use
 * link to choose one, valid for days (Better Auth's reset link, which also proves the address,
 * so no separate verification mail goes: identity/auth.ts `asWelcome`).
 */
import { randomBytes } from 'node:crypto';
import { type Auth, asWelcome } from '../identity/auth.ts';

export async function createAccountWithPasswordLink(
  auth: Auth,
  account: { email: string; name: string; publicUrl: string; welcome: 'patient' | 'staff' },
): Promise<void> {
  const { email, name, publicUrl } = account;
  await asWelcome(account.welcome, async () => {
    await auth.api.signUpEmail({ body: { email, password: randomBytes(24).toString('base64url'), name } });
    await auth.api.requestPasswordReset({ body: { email, redirectTo: `${publicUrl}/reset-password` } });
  });
}
