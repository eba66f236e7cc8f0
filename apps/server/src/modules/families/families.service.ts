/**
 * Families (practice-loop.md section 7, decision 037): a guardian's dependents, added, edited and
 * removed; a second guardian invited by mail and accepted from the link; the handover of a
 * dependent's record to their own account from DEPENDENT_HANDOVER_AGE. Booking for a dependent
 * is the booking service's (`forPatientId`); this module owns who may act for whom.
 */
import { ErrorCode, todayInZone, type Dependent, type DependentInput, type DependentPatch, type InvitationSent } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Caller } from '../identity/caller.ts';
import {
  addGuardian,
  addressTaken,
  dependentAddress,
  makeAccount,
  findDependentOf,
  insertDependent,
  listDependentsOf,
  lockDependent,
  updateDependent,
} from './families.repository.ts';

/** How long an invitation (second guardian, handover) can be accepted. */
export const INVITATION_DAYS = 7;

export interface FamiliesDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  /** DEPENDENT_HANDOVER_AGE. */
  handoverAge: number;
  /** Cancels a patient's upcoming bookings (the booking service's, as an account's removal does). */
  cancelUpcomingOf(work: UnitOfWork, patientId: string, actor: { kind: 'patient'; id: string; email: string }): Promise<number>;
  /** Stores the invitation's link (its token made when the mail goes) and queues the mail, in `tx`. */
  invite(tx: Db, invitation: { purpose: 'guardian' | 'handover'; dependentId: string; email: string; invitedBy: string; inviterName: string; dependentName: string; expiresAt: Date }): Promise<void>;
  /** Hashes a password as sign-up does (Better Auth's). */
  hashPassword(password: string): Promise<string>;
  /** Erases a removed dependent as an account is erased (attended visits kept under a pseudonym). */
  erase(work: UnitOfWork, dependentId: string): Promise<void>;
}

/** Whole years from `dateOfBirth` to `today` (both `YYYY-MM-DD`). */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

const noSuch = () => new AppError(ErrorCode.NOT_FOUND, 'There is no such family member.');

export function createFamiliesService(deps: FamiliesDeps) {
  const { db, now, timeZone, handoverAge } = deps;
  const today = () => todayInZone(now(), timeZone);

  function assertBorn(dateOfBirth: string | undefined) {
    if (dateOfBirth !== undefined && dateOfBirth > today()) {
      throw new AppError(ErrorCode.VALIDATION, 'The date of birth cannot be in the future.', { errors: { dateOfBirth: ['The date of birth cannot be in the future'] } });
    }
  }

  async function list(caller: Caller): Promise<Dependent[]> {
    const day = today();
    return (await listDependentsOf(db, caller.userId, day)).map((d) => ({
      _id: d.id,
      name: d.name,
      dateOfBirth: d.dateOfBirth,
      relationship: d.relationship,
      guardians: d.guardians.map((g) => ({ name: g.name, email: g.email, you: g.id === caller.userId })),
      upcoming: d.upcoming,
      canHandOver: d.dateOfBirth !== '' && ageOn(d.dateOfBirth, day) >= handoverAge,
    }));
  }

  async function one(caller: Caller, id: string): Promise<Dependent> {
    const found = (await list(caller)).find((d) => d._id === id);
    if (!found) throw noSuch();
    return found;
  }

  async function requireDependent(caller: Caller, id: string) {
    const dependent = await findDependentOf(db, caller.userId, id);
    if (!dependent) throw noSuch();
    return dependent;
  }

  return {
    list,

    async add(caller: Caller, input: DependentInput & { relationship?: string | undefined }): Promise<Dependent> {
      assertBorn(input.dateOfBirth);
      const made = await inTransaction(db, async ({ tx }) => {
        const row = await insertDependent(tx, caller.userId, { name: input.name, dateOfBirth: input.dateOfBirth, relationship: input.relationship ?? '' });
        await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'family.add', target: row.id });
        return row;
      });
      return one(caller, made.id);
    },

    async update(caller: Caller, id: string, patch: DependentPatch): Promise<Dependent> {
      await requireDependent(caller, id);
      assertBorn(patch.dateOfBirth);
      await inTransaction(db, ({ tx }) => updateDependent(tx, caller.userId, id, patch));
      return one(caller, id);
    },

    /**
     * Removes a dependent the caller manages: not while they have upcoming appointments unless
     * `cancelFuture` (then those are cancelled as a patient's own cancellation of a removed
     * account is). Past visits stay for the clinic's records, detached, as an erased account's do.
     */
    async remove(caller: Caller, id: string, cancelFuture: boolean): Promise<void> {
      await requireDependent(caller, id);
      await inTransaction(db, async (work) => {
        const locked = await lockDependent(work.tx, id);
        if (!locked || locked.kind !== 'dependent') throw noSuch();
        const upcoming = (await listDependentsOf(work.tx, caller.userId, today())).find((d) => d.id === id)?.upcoming ?? 0;
        if (upcoming > 0 && !cancelFuture) {
          throw new AppError(ErrorCode.HAS_FUTURE_BOOKINGS, `${locked.name} has ${upcoming} upcoming appointment${upcoming === 1 ? '' : 's'}. Cancel ${upcoming === 1 ? 'it' : 'them'} with the removal, or keep ${locked.name}.`, { extra: { upcoming } });
        }
        const cancelled = await deps.cancelUpcomingOf(work, id, { kind: 'patient', id: caller.userId, email: caller.email });
        await deps.erase(work, id);
        await recordAudit(work.tx, { actorId: caller.userId, actorEmail: caller.email, action: 'family.remove', target: id, detail: { cancelled } });
      });
    },

    /** `POST /api/me/dependents/:id/guardians`: mails `email` an invitation to manage the dependent too. */
    async inviteGuardian(caller: Caller, id: string, email: string): Promise<InvitationSent> {
      const dependent = await requireDependent(caller, id);
      const current = await one(caller, id);
      if (current.guardians.some((g) => g.email === email)) {
        throw new AppError(ErrorCode.CONFLICT, `${email} already manages ${dependent.name}'s appointments.`);
      }
      return sendInvitation(caller, 'guardian', dependent, email);
    },

    /** `POST /api/me/dependents/:id/handover`: mails the dependent an invitation to their own account. */
    async handover(caller: Caller, id: string, email: string): Promise<InvitationSent> {
      const dependent = await requireDependent(caller, id);
      if (!dependent.dateOfBirth || ageOn(dependent.dateOfBirth, today()) < handoverAge) {
        throw new AppError(ErrorCode.CONFLICT, `${dependent.name} can have their own account from the age of ${handoverAge}.`);
      }
      if (await addressTaken(db, email)) throw new AppError(ErrorCode.CONFLICT, `${email} already has an account. Please give an address that has none.`);
      return sendInvitation(caller, 'handover', dependent, email);
    },

    /**
     * An invitation's link accepted. `guardian`: the signed-in account the mail was sent to
     * becomes a guardian too. `handover`: the dependent's row becomes an account under the
     * invited address with the chosen password; its bookings, forms and recalls are its own
     * already; the guardianships end.
     */
    async accept(link: { purpose: 'guardian' | 'handover'; patientId: string; email: string | null; invitedBy: string | null }, caller: Caller | null, password: string | undefined): Promise<'guardian-added' | 'handed-over'> {
      if (link.purpose === 'guardian') {
        if (!caller) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please log in (or sign up) with the address this invitation was sent to, then open the link again.');
        if (caller.email !== link.email) {
          throw new AppError(ErrorCode.FORBIDDEN, 'This invitation was sent to another address. Please log in with that address to accept it.');
        }
        if (caller.userId === link.patientId) throw new AppError(ErrorCode.FORBIDDEN, 'This invitation cannot be accepted by this account.');
        await inTransaction(db, async ({ tx }) => {
          const locked = await lockDependent(tx, link.patientId);
          if (!locked || locked.kind !== 'dependent') throw new AppError(ErrorCode.LINK_USED, 'This family member has their own account now.');
          await addGuardian(tx, link.patientId, caller.userId);
          await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'family.guardian-accept', target: link.patientId, detail: { invitedBy: link.invitedBy } });
        });
        return 'guardian-added';
      }
      if (!password) throw new AppError(ErrorCode.VALIDATION, 'Please choose a password.', { errors: { password: ['Please choose a password'] } });
      const email = link.email!;
      const hash = await deps.hashPassword(password);
      await inTransaction(db, async ({ tx }) => {
        const locked = await lockDependent(tx, link.patientId);
        if (!locked || locked.kind !== 'dependent') throw new AppError(ErrorCode.LINK_USED, 'This account has been created already. Please log in.');
        if (await addressTaken(tx, email)) throw new AppError(ErrorCode.CONFLICT, `${email} already has an account. Please ask your parent or guardian for a new invitation to another address.`);
        await makeAccount(tx, link.patientId, email, hash, now());
        await recordAudit(tx, { actorId: link.invitedBy ?? link.patientId, actorEmail: '', action: 'family.handover', target: link.patientId });
      });
      return 'handed-over';
    },
  };

  async function sendInvitation(caller: Caller, purpose: 'guardian' | 'handover', dependent: { id: string; name: string }, email: string): Promise<InvitationSent> {
    const expiresAt = new Date(now().getTime() + INVITATION_DAYS * 24 * 3600 * 1000);
    await inTransaction(db, async ({ tx }) => {
      await deps.invite(tx, { purpose, dependentId: dependent.id, email, invitedBy: caller.userId, inviterName: caller.name, dependentName: dependent.name, expiresAt });
      await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: `family.invite-${purpose}`, target: dependent.id });
    });
    return { email, expiresAt: expiresAt.toISOString() };
  }
}

export type FamiliesService = ReturnType<typeof createFamiliesService>;
export { dependentAddress };
