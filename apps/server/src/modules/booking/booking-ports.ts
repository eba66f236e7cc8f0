/**
 * What other modules ask of bookings, in their own transactions: account erasure (cancel the
 * upcoming ones, keep the paid or attended ones, delete the rest, export them) and the schedule
 * admin (which confirmed bookings a change would strand, cancel them, move them between lanes).
 * Cancellations go through the one release path (release.ts).
 */
import type { Db } from '../../db/client.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import {
  deleteBookings,
  findBookingsByIds,
  findNextUpcoming,
  hasBookingWithDoctor,
  isReferenced,
  listActiveBookingsFrom,
  listAllBookingsOf,
  listConfirmedFrom,
  listUnretainedBookingIds,
  markRetainedBookings,
  setBookingDoctor,
  type BookingRow,
  type ConfirmedFilter,
} from './booking.repository.ts';
import { dollars } from './booking-dto.ts';
import type { CancelActor } from './lifecycle-rules.ts';
import type { ReleaseBookings } from './release.ts';
import { isStartOpen, type BookingClock } from './slots.ts';

/**
 * The recall module's hooks (design practice-loop.md section 4), called in the booking's own
 * transaction: a completed visit makes its patient due, a booking of the treatment closes the
 * recall (its writes go with the booking's, lib/pending-write.ts), a cancellation reopens it.
 */
export interface RecallHooks {
  completed(tx: Db, rows: readonly BookingRow[]): Promise<void>;
  uncompleted(tx: Db, bookingIds: readonly string[]): Promise<void>;
  booked(rows: readonly { id: string; patientId: string | null; treatmentId: string }[]): PendingWrite[];
  released(tx: Db, bookingIds: readonly string[]): Promise<void>;
}

export const noRecall: RecallHooks = { completed: async () => {}, uncompleted: async () => {}, booked: () => [], released: async () => {} };

export interface PortsDeps {
  db: Db;
  release: ReleaseBookings;
  clock: () => BookingClock;
}

export function createBookingPorts(deps: PortsDeps) {
  const { db, release, clock } = deps;
  const actorOf = (caller: Caller): CancelActor => ({ kind: 'admin', id: caller.userId, email: caller.email });
  return {
    /**
     * Frees the slots of a patient's bookings that have not started yet (their account is being
     * removed); bookings already begun or past stay, for the clinic's records, and lose the
     * person's details when the account goes (a trigger, migration 0007). Runs in the caller's
     * transaction; this instance forgets the freed dates once it commits.
     */
    async cancelUpcomingOf(work: UnitOfWork, patientId: string, actor: CancelActor): Promise<number> {
      const c = clock();
      const upcoming = (await listActiveBookingsFrom(work.tx, patientId, c.today)).filter((b) =>
        isStartOpen(b.date, b.startMin, c) || (b.date > c.lastDay),
      );
      const released = await release(work, upcoming.map((b) => b.id), { cause: 'account', actor, reason: 'The account was removed' });
      return released.length;
    },

    /**
     * An erased account's bookings (design section 5.7), in `tx`, after `cancelUpcomingOf`: the
     * paid or attended ones are kept under `subjectRef` (their snapshots returned, for the
     * retention store); `deleteUnpaid` then removes the others once their unsettled payments
     * are gone.
     */
    async retainOf(tx: Db, patientId: string, subjectRef: string) {
      const kept = await markRetainedBookings(tx, patientId, subjectRef);
      const unretained = await listUnretainedBookingIds(tx, patientId);
      return { kept, unretained };
    },

    /** Confirmed bookings from a date on (a schedule change checks which it would strand); runs in `tx`. */
    confirmedFrom(tx: Db, filter: ConfirmedFilter): Promise<BookingRow[]> {
      return listConfirmedFrom(tx, filter);
    },

    /** Whether any booking, of any status, names the treatment or the doctor (then it is archived, not deleted). */
    isReferenced(tx: Db, ref: { treatmentId?: string; doctorId?: string }): Promise<boolean> {
      return isReferenced(tx, ref);
    },

    /**
     * The clinic cancels bookings (a closure, a doctor or treatment taken away), in the caller's
     * transaction: each patient gets a mail with a calendar cancellation; every instance hears
     * the dates changed; a paid one is refunded in full (a `refund.issue` job asks the processor
     * after the commit).
     */
    async cancelByClinic(work: UnitOfWork, ids: string[], reason: string, caller: Caller): Promise<BookingRow[]> {
      const released = await release(work, ids, { cause: 'clinic', actor: actorOf(caller), reason });
      return released.map((r) => r.row);
    },

    /** Puts bookings on a doctor, or back on their treatment's own queue; runs in `tx` (the exclusion constraint checks). */
    async setDoctors(tx: Db, moves: { id: string; doctorId: string | null }[]): Promise<void> {
      for (const move of moves) await setBookingDoctor(tx, move.id, move.doctorId);
    },

    /** Deletes bookings never paid nor attended (an erased account's); runs in `tx`. */
    deleteUnpaid(tx: Db, ids: string[]): Promise<number> {
      return deleteBookings(tx, ids);
    },

    /** What the front desk's callbacks show of their bookings: who to call, about which visit. */
    async briefsOf(ids: readonly string[]) {
      const rows = ids.length === 0 ? [] : await findBookingsByIds(db, ids);
      return new Map(rows.map((b) => [b.id, {
        treatment: b.treatmentName, date: b.date, slot: b.slot, status: b.status, startsAt: b.startsAt, version: b.version, patientId: b.patientId,
        patient: { name: b.patientName, email: b.patientEmail, phone: b.phone },
      }]));
    },

    /** Bookings by id, as they are (the forms module's consent and check-in read them). */
    rowsOf(ids: readonly string[]): Promise<BookingRow[]> {
      return ids.length === 0 ? Promise.resolve([]) : findBookingsByIds(db, ids);
    },

    /** The patient's confirmed bookings from `fromDate` on. */
    activeOf(patientId: string, fromDate: string): Promise<BookingRow[]> {
      return listActiveBookingsFrom(db, patientId, fromDate);
    },

    /** The patient has a booking, of any status, with the doctor: the doctor may read their forms. */
    seesDoctor(patientId: string, doctorId: string): Promise<boolean> {
      return hasBookingWithDoctor(db, patientId, doctorId);
    },

    /** The next confirmed visit of any of the accounts (a text reply's C or R is about it). */
    nextUpcomingOf(patientIds: readonly string[], at: Date): Promise<BookingRow | undefined> {
      return findNextUpcoming(db, patientIds, at);
    },

    /** Every booking of an account, any status, as its export lists them (design section 5.7). */
    async exportOf(patientId: string) {
      return (await listAllBookingsOf(db, patientId)).map((b) => ({
        _id: b.id,
        treatment: b.treatmentName,
        date: b.date,
        slot: b.slot,
        price: dollars(b.priceCents),
        status: b.status,
        paid: b.paid,
        patientName: b.patientName,
        patientEmail: b.patientEmail,
        phone: b.phone,
        transactionId: b.transactionId,
        createdAt: b.createdAt.toISOString(),
      }));
    },
  };
}
