/**
 * An account someone else makes for a person (the front desk for a phoned patient, the owner for
 * a new staff member): a random password nobody knows, then a single-use link mailed to the
 * address to choose one (Better Auth's reset link, which also proves the address). Better Auth
 * also mails the new account its verification link, as every new account gets.
 */
import { randomBytes } from 'node:crypto';
import { type Auth, asStaffWelcome } from '../identity/auth.ts';

export async function createAccountWithPasswordLink(
  auth: Auth,
  account: { email: string; name: string; publicUrl: string; welcome: 'patient' | 'staff' },
): Promise<void> {
  const { email, name, publicUrl } = account;
  await auth.api.signUpEmail({ body: { email, password: randomBytes(24).toString('base64url'), name } });
  const requestLink = () => auth.api.requestPasswordReset({ body: { email, redirectTo: `${publicUrl}/reset-password` } });
  // A patient's mail is the reset mail they have always had; staff get a welcome.
  await (account.welcome === 'staff' ? asStaffWelcome(requestLink) : requestLink());
}
