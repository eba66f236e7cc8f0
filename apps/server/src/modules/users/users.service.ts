/** The admin check, the admin's user list, promotion and removal, and the operator's admin account at start-up. */
import { ErrorCode, type StaffUser, type UserListQuery, parseRole } from '@clinic/shared';
import { ConfigError } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import type { Auth } from '../identity/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AccountErasure } from '../account/erase-account.service.ts';
import {
  countAdmins,
  findAccountOfDoctor,
  findUserByEmail,
  countUsers,
  listUsers,
  lockRoleChanges,
  lockUserById,
  markEmailVerified,
  setRoleById,
  setUserPhone,
  setUserRole,
} from './users.repository.ts';
import { createAccountWithPasswordLink } from './new-account.ts';
import { type RoleChange, decideRoleChange } from './role-rules.ts';

/** Arbitrary but fixed ("admn" in ASCII): the key instances queue on to create the admin. */
const ADMIN_BOOTSTRAP_LOCK_KEY = 0x61646d6e;

/** ADMIN_EMAIL names a patient's account: a configuration the operator has to resolve. */
export class AdminEmailTakenError extends ConfigError {
  override name = 'AdminEmailTakenError';
  constructor(email: string) {
    super(
      `ADMIN_EMAIL ${email} belongs to an account that is not an admin, so it was not promoted: ` +
        'whoever registered that address first would get the admin role. If the account is ' +
        "yours, have an admin make it one (dashboard, All Users) and start again; if it is not, " +
        'have an admin remove it. With no admin yet, set ADMIN_EMAIL to an address nobody has ' +
        'registered, start, and do either from that account.',
    );
  }
}

export function createUsersService(deps: { db: Db; auth: Auth; erasure: AccountErasure }) {
  const { db, auth, erasure } = deps;

  /** The role change in `tx`: the account and the admins locked, the rules decided, written, audited. */
  async function changeRole(tx: Db, caller: Caller, userId: string, change: RoleChange): Promise<StaffUser> {
    await lockRoleChanges(tx);
    const user = await lockUserById(tx, userId);
    if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such user.');
    const from = { role: parseRole(user.role), doctorId: user.doctorId };
    const admins = from.role === 'admin' && change.role !== 'admin' ? await countAdmins(tx) : Infinity;
    const takenBy = change.doctorId ? await findAccountOfDoctor(tx, change.doctorId, user.id) : null;
    const decision = decideRoleChange(from, change, { admins, doctorTaken: takenBy !== null });
    if (decision.kind === 'refused') throw new AppError(ErrorCode.CONFLICT, decision.reason);
    if (decision.kind === 'unchanged') return toStaffUser(user);
    let updated;
    try {
      updated = await setRoleById(tx, user.id, change.role, change.doctorId ?? null);
    } catch (error) {
      // Another transaction linked the doctor meanwhile (the unique index), or the doctor is gone (the key).
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw new AppError(ErrorCode.CONFLICT, 'Another account already works as this doctor.');
      if (code === '23503') throw new AppError(ErrorCode.NOT_FOUND, 'There is no such doctor.');
      throw error;
    }
    await recordAudit(tx, {
      actorId: caller.userId,
      actorEmail: caller.email,
      action: 'user.set-role',
      target: user.id,
      detail: { from: from.role, to: change.role, ...(from.doctorId ? { fromDoctorId: from.doctorId } : {}), ...(change.doctorId ? { doctorId: change.doctorId } : {}) },
    });
    return toStaffUser(updated);
  }

  return {
    /**
     * `{ admin }` for the caller's own email; admins may ask about anyone. About oneself the
     * answer is the account's role: an admin that REQUIRE_ADMIN_2FA holds back still has admin
     * pages to see, which tell it to turn two-step sign-in on (its powers are `isAdmin`'s).
     */
    async isAdmin(caller: Caller, email: string): Promise<{ admin: boolean }> {
      if (caller.email === email) return { admin: caller.role === 'admin' };
      if (!caller.isAdmin) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only ask about your own account.');
      }
      const user = await findUserByEmail(db, email);
      return { admin: user?.role === 'admin' };
    },

    /**
     * Every account, or a page of those matching a search (with how many match in all); reading
     * names and addresses is audited like an admin's write.
     */
    async list(caller: Caller, query: UserListQuery = {}) {
      const isNarrowed = query.q !== undefined || query.limit !== undefined || query.offset !== undefined;
      const q = query.q || undefined;
      const rows = await listUsers(db, { q, limit: query.limit, offset: query.offset });
      const total = isNarrowed ? await countUsers(db, q) : rows.length;
      await recordAudit(db, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: 'user.list',
        target: 'users',
        detail: { count: rows.length, ...(isNarrowed ? { ...query, total } : {}) },
      });
      // A doctor's account says which doctor it works as; the others carry no doctor.
      const items = rows.map((u) => ({ _id: u.id, email: u.email, name: u.name, role: u.role, ...(u.doctorId ? { doctorId: u.doctorId } : {}) }));
      return { items, total, isNarrowed };
    },

    /**
     * Gives an account a role (`PUT /api/admin/users/:id/role`): a doctor's account works as one
     * doctor, one account per doctor; the clinic keeps at least one admin. One transaction with
     * its audit entry; the account's next request has the new role (roles are read per request).
     */
    async setRole(caller: Caller, userId: string, change: RoleChange): Promise<{ user: StaffUser }> {
      return inTransaction(db, async ({ tx }) => ({ user: await changeRole(tx, caller, userId, change) }));
    },

    /** Promote to admin; `modifiedCount` is 0 when the user already was one. */
    async makeAdmin(caller: Caller, email: string): Promise<{ modifiedCount: number }> {
      return inTransaction(db, async (work) => {
        const { tx } = work;
        const user = await findUserByEmail(tx, email);
        if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'There is no user with this email.');
        if (user.role === 'admin') return { modifiedCount: 0 };
        const modifiedCount = await setUserRole(tx, email, 'admin');
        // By id: the entry is about this account, and its export finds it so; an address may
        // later be someone else's.
        await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'user.make-admin', target: user.id });
        return { modifiedCount };
      });
    },

    /**
     * Removes an account (not one's own, not the last admin) by the same erasure as the
     * patient's own deletion (erase-account.service.ts): its sessions end, its upcoming bookings
     * are cancelled so the slots free up, paid or attended ones are kept under a pseudonym, its
     * messages and mail are erased, so nothing of it is left for a later account at the address.
     * The audit entry names the account by id, not by address.
     */
    async remove(caller: Caller, email: string): Promise<{ deletedCount: number }> {
      if (email === caller.email) {
        throw new AppError(ErrorCode.CONFLICT, 'You cannot remove your own account.');
      }
      return inTransaction(db, async (work) => {
        const { tx } = work;
        await lockRoleChanges(tx);
        const user = await findUserByEmail(tx, email);
        if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'There is no user with this email.');
        if (user.role === 'admin' && (await countAdmins(tx)) <= 1) {
          throw new AppError(ErrorCode.CONFLICT, 'The clinic needs at least one admin.');
        }
        const erased = await erasure.erase(work, user, { kind: 'admin', id: caller.userId, email: caller.email });
        await recordAudit(tx, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'user.remove',
          target: user.id,
          detail: {
            cancelledBookings: erased.cancelledBookings,
            keptBookings: erased.keptBookings,
            deletedBookings: erased.deletedBookings,
            role: user.role,
          },
        });
        return { deletedCount: erased.deletedAccounts };
      });
    },

    /**
     * ADMIN_EMAIL / ADMIN_PASSWORD at start-up: with no account under that address, creates it
     * as an admin; an admin already there is left as it is (its password too: the operator may
     * have changed it). A patient's account there stops start-up instead of being promoted,
     * since whoever registered the address first, perhaps not the operator, would get the role.
     * Instances starting together on one PostgreSQL queue on `withLock`: one creates the account,
     * the others then find an admin.
     */
    /**
     * The patient the front desk books for, by email: their account, or a new one (name, email,
     * phone) with a random password nobody knows and a mail to set their own (the password-reset
     * link, which also proves the address). Answers who, and whether the account is new.
     */
    async ensurePatient(caller: Caller, patient: { email: string; name?: string; phone?: string }, publicUrl: string) {
      const email = patient.email.trim().toLowerCase();
      const existing = await findUserByEmail(db, email);
      if (existing) return { userId: existing.id, email: existing.email, name: existing.name, created: false };
      if (!patient.name?.trim()) {
        throw new AppError(ErrorCode.VALIDATION, 'There is no patient with this email yet: give their name to create one.', {
          errors: { 'patient.name': ['Give the new patient’s name'] },
        });
      }
      await createAccountWithPasswordLink(auth, { email, name: patient.name.trim(), publicUrl, welcome: 'patient' });
      const created = await findUserByEmail(db, email);
      if (!created) throw new Error('the new patient account was not stored');
      if (patient.phone) await setUserPhone(db, created.id, patient.phone);
      await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'patient.create', target: created.id, detail: { name: created.name } });
      return { userId: created.id, email: created.email, name: created.name, created: true };
    },

    /** Whether any account is an admin (first-run setup is needed until one is). */
    async hasAdmin(): Promise<boolean> {
      return (await countAdmins(db)) > 0;
    },

    /**
     * First-run setup's owner: an admin, verified (they hold the setup link from the server's
     * log), made only while no admin exists. Instances racing make one: the bootstrap lock, and
     * the count under it. Answers false when an admin existed already; a password the rules
     * refuse (too common, ...) is a 400 on the field.
     */
    async createOwner(owner: { name: string; email: string; password: string }, withLock: Database['withAdvisoryLock']): Promise<boolean> {
      return withLock(ADMIN_BOOTSTRAP_LOCK_KEY, async (lockedDb) => {
        if ((await countAdmins(lockedDb)) > 0) return false;
        if (await findUserByEmail(lockedDb, owner.email)) {
          throw new AppError(ErrorCode.VALIDATION, 'An account with this email exists already.', { errors: { email: ['An account with this email exists already.'] } });
        }
        try {
          await auth.api.signUpEmail({ body: { email: owner.email, password: owner.password, name: owner.name } });
        } catch (error) {
          const refusal = (error as { body?: { code?: string; message?: string } }).body;
          if (refusal?.code?.startsWith('PASSWORD_')) {
            const message = refusal.message ?? 'Choose another password.';
            throw new AppError(ErrorCode.VALIDATION, message, { errors: { password: [message] } });
          }
          throw error;
        }
        await setUserRole(lockedDb, owner.email, 'admin');
        await markEmailVerified(lockedDb, owner.email);
        return true;
      });
    },

    async ensureAdmin(
      account: { email: string; password: string },
      withLock: Database['withAdvisoryLock'],
    ): Promise<void> {
      await withLock(ADMIN_BOOTSTRAP_LOCK_KEY, async (lockedDb) => {
        const existing = await findUserByEmail(lockedDb, account.email);
        if (existing?.role === 'admin') return;
        if (existing) throw new AdminEmailTakenError(account.email);
        try {
          await auth.api.signUpEmail({
            body: { email: account.email, password: account.password, name: 'Clinic Admin' },
          });
        } catch (error) {
          // The password rules every account keeps (too common, too few distinct characters, the
          // address's name): one line naming the setting, not a stack trace from the sign-up.
          const refusal = (error as { body?: { code?: string; message?: string } }).body;
          if (refusal?.code?.startsWith('PASSWORD_')) throw new ConfigError(`ADMIN_PASSWORD: ${refusal.message ?? refusal.code}`);
          throw error;
        }
        await setUserRole(lockedDb, account.email, 'admin');
        // The operator configured this address: it needs no mail to prove it.
        await markEmailVerified(lockedDb, account.email);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

function toStaffUser(u: { id: string; email: string; name: string; role: string; doctorId: string | null }): StaffUser {
  return { _id: u.id, email: u.email, name: u.name, role: parseRole(u.role), doctorId: u.doctorId };
}
