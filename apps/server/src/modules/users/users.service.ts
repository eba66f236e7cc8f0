/** The spec's token step and admin check (DESIGN.md sections 4 and 6). */
import { ErrorCode } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../../plugins/caller.ts';
import type { Auth } from '../identity/auth.ts';
import { findUserByEmail, setUserRole } from './users.repository.ts';

export function createUsersService(deps: { db: Db; auth: Auth }) {
  const { db, auth } = deps;
  return {
    /**
     * The spec issued a token to anyone naming an email; we issue it only to the signed-in owner
     * of that address. The token is the signed session token, so signing out revokes it.
     */
    issueToken(caller: Caller, email: string, sessionToken: string | null): { token: string } {
      if (caller.email !== email) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only get a token for your own account.');
      }
      if (!sessionToken) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
      return { token: sessionToken };
    },

    /** `{ admin }` for the caller's own email; admins may ask about anyone. */
    async isAdmin(caller: Caller, email: string): Promise<{ admin: boolean }> {
      if (caller.email === email) return { admin: caller.isAdmin };
      if (!caller.isAdmin) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only ask about your own account.');
      }
      const user = await findUserByEmail(db, email);
      return { admin: user?.role === 'admin' };
    },

    /** ADMIN_EMAIL / ADMIN_PASSWORD: make sure this account exists and is an admin. */
    async ensureAdmin(account: { email: string; password: string }): Promise<void> {
      const existing = await findUserByEmail(db, account.email);
      if (!existing) {
        await auth.api.signUpEmail({
          body: { email: account.email, password: account.password, name: 'Clinic Admin' },
        });
      }
      await setUserRole(db, account.email, 'admin');
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
