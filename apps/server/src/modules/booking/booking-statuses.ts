/**
 * What happened to a booking once it started (design section 5.2): staff mark it completed or
 * no-show (or correct a mark) as the transition table of lifecycle-rules.ts allows, and the
 * daily tick completes the ones nobody marked. Each change has its history entry.
 */
import { ErrorCode } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Caller } from '../identity/caller.ts';
import { reachesLane } from '../identity/permissions.ts';
import { completeEndedBefore, insertBookingEvents, markArrived, markPatientConfirmed, setBookingStatus, type BookingRow } from './booking.repository.ts';
import { statusMarkRefusal } from './lifecycle-rules.ts';
import type { RecallHooks } from './booking-ports.ts';

const HOUR = 3_600_000;
/** Check-in closes this long after the start (practice-loop.md section 6.4). */
const CHECK_IN_CLOSES_MINUTES = 30;

export interface StatusesDeps {
  db: Db;
  now: () => Date;
  /** Runs `change` on the locked row, in a transaction (a 404 when the caller may not see it). */
  changeBooking<T>(caller: Caller, id: string, actor: 'patient' | 'admin', change: (work: UnitOfWork, row: BookingRow) => Promise<T>): Promise<T>;
  /** Told of visits completed (their patients become due for recall) and completions undone, in the transaction. */
  recall: Pick<RecallHooks, 'completed' | 'uncompleted'>;
}

export function createStatuses(deps: StatusesDeps) {
  const { db, now, changeBooking, recall } = deps;
  return {
    /**
     * The patient says they are coming (a reminder's confirm link, design practice-loop.md
     * section 5): the booking must be theirs, confirmed and still at `version`; saying it twice
     * keeps the first time. Not a change of the booking: its version stays.
     */
    async confirmAttendance(caller: Caller, id: string, version: number): Promise<BookingRow> {
      return changeBooking(caller, id, 'patient', async ({ tx }, row) => {
        if (row.status !== 'confirmed') throw new AppError(ErrorCode.BOOKING_NOT_MODIFIABLE, 'This appointment cannot be changed.', { extra: { bookingStatus: row.status } });
        if (row.version !== version) {
          throw new AppError(ErrorCode.PRECONDITION_FAILED, 'This appointment changed meanwhile; please review it and try again.', { extra: { version: row.version } });
        }
        if (row.patientConfirmedAt) return row;
        return (await markPatientConfirmed(tx, row.id, version, now()))!;
      });
    },

    /**
     * `tick.auto-complete` (AUTO_COMPLETE_AFTER_DAYS, off by default): confirmed bookings that
     * ended more than `days` ago and nobody marked become `completed`, by `system`, with their
     * history entries. Answers how many.
     */
    async autoComplete(days: number): Promise<number> {
      const at = now();
      return inTransaction(db, async ({ tx }) => {
        const done = await completeEndedBefore(tx, new Date(at.getTime() - days * 24 * HOUR), at, 500);
        await insertBookingEvents(
          tx,
          done.map((b) => ({ bookingId: b.id, actorKind: 'system' as const, actorId: null, type: 'status' as const, data: { from: 'confirmed', to: 'completed', auto: true } })),
        );
        await recall.completed(tx, done);
        return done.length;
      });
    },

    /**
     * Check-in (practice-loop.md section 6.4): the patient (signed in, or through a check-in
     * link) or the front desk says the patient is here, from `opensMinutes` before the start
     * until 30 minutes after it. Checking in twice keeps the first time.
     */
    async checkIn(caller: Caller, id: string, as: 'patient' | 'staff', opensMinutes: number): Promise<BookingRow> {
      return changeBooking(caller, id, as === 'patient' ? 'patient' : 'admin', async ({ tx }, row) => {
        if (as === 'staff' && !reachesLane(caller, 'laneAppointments', row.doctorId)) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
        if (row.status !== 'confirmed') throw new AppError(ErrorCode.BOOKING_NOT_MODIFIABLE, 'This appointment cannot be checked in.', { extra: { bookingStatus: row.status } });
        if (row.arrivedAt) return row;
        const at = now();
        const opens = row.startsAt.getTime() - opensMinutes * 60_000;
        const closes = row.startsAt.getTime() + CHECK_IN_CLOSES_MINUTES * 60_000;
        if (at.getTime() < opens || at.getTime() > closes) {
          throw new AppError(
            ErrorCode.CHECK_IN_CLOSED,
            at.getTime() < opens
              ? `Check-in opens ${opensMinutes} minutes before your appointment. Please check in when you arrive.`
              : 'Check-in for this appointment has closed. Please speak to the front desk.',
            { extra: { opensAt: new Date(opens).toISOString(), closesAt: new Date(closes).toISOString() } },
          );
        }
        const arrived = (await markArrived(tx, row.id, at))!;
        await insertBookingEvents(tx, [{ bookingId: row.id, actorKind: as === 'patient' ? 'patient' : 'admin', actorId: caller.userId, type: 'status', data: { to: 'arrived' } }]);
        return arrived;
      });
    },

    /** Staff mark what happened (design section 5.2), with the history entry. */
    async setStatus(caller: Caller, id: string, status: 'completed' | 'no_show' | 'confirmed', note?: string) {
      return changeBooking(caller, id, 'admin', async ({ tx }, row) => {
        // A doctor marks the bookings of their own lane; another lane's does not exist for them.
        if (!reachesLane(caller, 'laneAppointments', row.doctorId)) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
        const at = now();
        const refused = statusMarkRefusal(row, status, at);
        if (refused) throw new AppError(ErrorCode.BOOKING_NOT_MODIFIABLE, refused);
        if (row.status === status) return { booking: row };
        const updated = await setBookingStatus(tx, row.id, { status, statusChangedAt: at, statusChangedBy: caller.userId });
        await insertBookingEvents(tx, [{ bookingId: row.id, actorKind: 'admin', actorId: caller.userId, type: 'status', data: { from: row.status, to: status, ...(note ? { note } : {}) } }]);
        await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.status', target: row.id, detail: { from: row.status, to: status } });
        if (status === 'completed') await recall.completed(tx, [updated]);
        else if (row.status === 'completed') await recall.uncompleted(tx, [row.id]);
        return { booking: updated };
      }).then((r) => r.booking);
    },
  };
}
