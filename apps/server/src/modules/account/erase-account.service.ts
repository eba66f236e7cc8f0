/**
 * Erasing an account (design section 5.7, docs/decisions/014 and 025): what the patient's own
 * deletion (`DELETE /api/me`) and an admin's removal (`DELETE /api/user/:email`) both do, in the
 * caller's transaction, so that the two cannot drift apart. Every row is found by the account's
 * id, never by an address: an address need not be verified, and may have belonged to someone
 * else before, so matching by it would erase (or keep) another person's data.
 */
import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { BookingService } from '../booking/booking.service.ts';
import type { CancelActor } from '../booking/lifecycle-rules.ts';
import type { ContactService } from '../contact/contact.service.ts';
import { eraseMailsOf } from '../mail/mail.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import { deleteAccountRows, insertRetainedIdentities } from './account.repository.ts';

/** Why the clinic may keep who an erased patient's paid or attended bookings were for. */
export const RETENTION_LEGAL_BASIS =
  'GDPR Art. 17(3)(b): accounting and treatment records of a paid or attended appointment';

export interface AccountErasureDeps {
  now: () => Date;
  rateLimiter: Pick<RateLimiter, 'forgetKeysMentioning'>;
  booking: Pick<BookingService, 'cancelUpcomingOf' | 'retainOf' | 'deleteUnpaid'>;
  payments: Pick<PaymentsService, 'deleteUnsettledOf' | 'countSettledOf'>;
  contact: Pick<ContactService, 'eraseOf'>;
  /** PATIENT_DATA_RETENTION_DAYS. */
  retentionDays: number;
  /** The forms module's part (section 6.5): forms of attended visits kept under the pseudonym, the rest deleted. */
  forms?: { erase(tx: UnitOfWork['tx'], patientId: string, subjectRef: string): Promise<number> };
  /** Dependents only this account manages (practice-loop.md section 7): erased with it, first. */
  soleDependentsOf?: (tx: UnitOfWork['tx'], accountId: string) => Promise<{ id: string; email: string }[]>;
}

/** What an erasure did, for its audit entry (counts only) and its answer. */
export interface ErasureCounts {
  cancelledBookings: number;
  keptBookings: number;
  deletedBookings: number;
  /** Settled payments, kept for the clinic's accounts. */
  keptPayments: number;
  /** Sent mails kept under the pseudonym (kind and dates only). */
  keptMails: number;
  deletedContactMessages: number;
  /** Medical histories and consents of attended visits, kept under the pseudonym (section 6.5). */
  keptForms: number;
  /** 1, or 0 when another transaction removed the account first. */
  deletedAccounts: number;
}

export function createAccountErasure(deps: AccountErasureDeps) {
  const self = {
    /**
     * Erases the account in `work`'s transaction: upcoming bookings cancelled (slots freed),
     * paid or attended bookings kept under a fresh pseudonym with who they were moved to the
     * retention store, the other bookings and their unsettled payments deleted, the messages it
     * sent signed in deleted, the mails that are its data deleted or (sent) pseudonymised,
     * rate-limit counters, verifications, sessions and sign-in methods deleted, the user last
     * (the 0007 trigger empties the snapshots just copied). `by` is who asked (the patient, or
     * the clinic's staff), recorded on the cancelled bookings, whose payments are refunded. The caller checks who may do it and
     * writes its own audit entry.
     */
    async erase(work: UnitOfWork, account: { id: string; email: string }, by: CancelActor): Promise<ErasureCounts> {
      const { tx } = work;
      // The last guardian's dependents go first, each as an account is erased (section 7).
      for (const dependent of (await deps.soleDependentsOf?.(tx, account.id)) ?? []) await self.erase(work, dependent, by);
      const subjectRef = randomUUID();
      const cancelledBookings = await deps.booking.cancelUpcomingOf(work, account.id, by);
      // Before the bookings are detached: which visits were attended decides which forms stay.
      const keptForms = (await deps.forms?.erase(tx, account.id, subjectRef)) ?? 0;
      const { kept, unretained } = await deps.booking.retainOf(tx, account.id, subjectRef);
      const retainUntil = new Date(deps.now().getTime() + deps.retentionDays * 24 * 3600 * 1000);
      const identities = new Map<string, { name: string; email: string; phone: string }>();
      for (const b of kept) identities.set(JSON.stringify([b.name, b.email, b.phone]), b);
      await insertRetainedIdentities(
        tx,
        [...identities.values()].map((who) => ({
          ...who,
          subjectRef,
          userId: account.id,
          legalBasis: RETENTION_LEGAL_BASIS,
          retainUntil,
        })),
      );
      await deps.payments.deleteUnsettledOf(tx, unretained);
      const deletedBookings = await deps.booking.deleteUnpaid(tx, unretained);
      const keptPayments = await deps.payments.countSettledOf(tx, account.id);
      const deletedContactMessages = await deps.contact.eraseOf(tx, account.id);
      const keptMails = await eraseMailsOf(tx, account.id, subjectRef);
      // Counters and verification tokens are keyed by what they limit or prove: the account's
      // id and its current address (its own sign-in counters, its own reset links).
      const email = account.email.toLowerCase();
      await deps.rateLimiter.forgetKeysMentioning([account.id, email], tx);
      const deletedAccounts = await deleteAccountRows(tx, account.id, [email]);
      return {
        cancelledBookings,
        keptBookings: kept.length,
        deletedBookings,
        keptPayments,
        keptMails,
        deletedContactMessages,
        keptForms,
        deletedAccounts,
      };
    },
  };
  return self;
}

export type AccountErasure = ReturnType<typeof createAccountErasure>;
