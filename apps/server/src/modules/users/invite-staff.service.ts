/**
 * `POST /api/admin/staff` (practice-loop.md section 2): the owner gives an address a staff role.
 * An existing account gets the role (the same change as `PUT /api/admin/users/:id/role`); an
 * unknown address gets an account and a welcome mail with a link to choose its password.
 */
import { ErrorCode, type StaffRole, type StaffUser } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Auth } from '../identity/auth.ts';
import type { Caller } from '../identity/caller.ts';
import { createAccountWithPasswordLink } from './new-account.ts';
import { DOCTOR_TAKEN } from './role-rules.ts';
import { findAccountOfDoctor, findUserByEmail } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

export interface StaffInvite {
  email: string;
  name: string;
  role: StaffRole;
  doctorId?: string;
}

export function createInviteStaff(deps: {
  db: Db;
  auth: Auth;
  users: Pick<UsersService, 'setRole'>;
  /** Whether a doctor row has this id (the doctors module's). */
  doctorExists: (id: string) => Promise<boolean>;
  publicUrl: string;
}) {
  const { db, auth, users, doctorExists, publicUrl } = deps;
  return async function inviteStaff(caller: Caller, invite: StaffInvite): Promise<{ user: StaffUser; created: boolean }> {
    const change = { role: invite.role, doctorId: invite.doctorId };
    const existing = await findUserByEmail(db, invite.email);
    if (existing) return { ...(await users.setRole(caller, existing.id, change)), created: false };
    // Checked before the account exists, so that a refused invitation leaves no account behind;
    // the role change checks both again under its lock.
    if (invite.doctorId) {
      if (!(await doctorExists(invite.doctorId))) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such doctor.');
      if (await findAccountOfDoctor(db, invite.doctorId, '')) throw new AppError(ErrorCode.CONFLICT, DOCTOR_TAKEN);
    }
    await createAccountWithPasswordLink(auth, { email: invite.email, name: invite.name, publicUrl, welcome: 'staff' });
    const created = await findUserByEmail(db, invite.email);
    if (!created) throw new Error('the new staff account was not stored');
    await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'staff.create', target: created.id, detail: { role: invite.role } });
    return { ...(await users.setRole(caller, created.id, change)), created: true };
  };
}

export type InviteStaff = ReturnType<typeof createInviteStaff>;
