/**
 * Availability and booking rules. The server decides the patient (from the token), the name and
 * the price (from the treatment); the client's copies are ignored or must match.
 */
import { ErrorCode, paymentModeOf, slotStartMinutes, type Booking, type TreatmentAvailability } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GroupCommitOptions } from '../../lib/group-commit.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import {
  findBooking,
  cancelBookings,
  countActiveBookingsFrom,
  deleteBookings,
  insertBookings,
  listAllBookingsOf,
  listUnretainedBookingIds,
  listHoldersOn,
  lockBookingDays,
  markRetainedBookings,
  listActiveBookingsFrom,
  listActiveBookingsOf,
  listActiveBookingsOfEmail,
  listTreatments,
  takenSlotsOn,
  type BookingRow,
  type NewBooking,
  type TreatmentRow,
} from './booking.repository.ts';
import type { AvailabilityCache, TakenSlots } from './availability-cache.ts';
import { notifyAvailabilityChanged } from './availability-channel.ts';
import { dayKey, decideBatch, refusalError, type Day } from './booking-rules.ts';
import { createFastWriter, createPlainWriter, type BatchResult, type FastWriterOptions, type WriteOutcome } from './booking-writer.ts';
import { bookingClock, freeSlots, isSlotOpen, judgeDate } from './slots.ts';

const dollars = (cents: number) => cents / 100;

export function toBookingDto(row: BookingRow): Booking {
  return {
    _id: row.id,
    treatmentId: row.treatmentId,
    treatment: row.treatmentName,
    date: row.date,
    slot: row.slot,
    price: dollars(row.priceCents),
    paid: row.paid,
    patient: row.patientEmail,
    patientName: row.patientName,
    phone: row.phone,
    transactionId: row.transactionId,
    paymentMode: paymentModeOf(row),
  };
}

/** A booking request as the service writes it: the row, with the caller's account as owner. */
type WriteRequest = NewBooking & { patientId: string };

export interface BookingServiceDeps {
  db: Db;
  cache: AvailabilityCache;
  mail: Pick<MailService, 'queueBookingConfirmations'>;
  now: () => Date;
  timeZone: string;
  windowDays: number;
  /** How bookings share transactions: one in flight for PGlite's single connection, more on a pool. */
  batching: GroupCommitOptions;
  /** Group commit and known slot holders (FAST_PATHS); with neither, each request is its own transaction. */
  fastPaths: FastWriterOptions;
  /** Whether an unverified email address may book (REQUIRE_EMAIL_VERIFICATION). */
  requireEmailVerification: 'none' | 'booking';
  /** Active bookings from today on that one patient may hold (MAX_ACTIVE_BOOKINGS). */
  maxActiveBookings: number;
  /** Booking requests per account and window, counted by the limiter every instance shares. */
  rateLimit: { limiter: RateLimiter; max: number; windowSeconds: number };
}

export interface CreateBookingInput {
  treatmentId: string;
  date: string;
  slot: string;
  phone: string;
  patient?: string;
}

export function createBookingService(deps: BookingServiceDeps) {
  const { db, cache, mail, now, timeZone, windowDays, batching, fastPaths, maxActiveBookings, rateLimit, requireEmailVerification } = deps;
  const clock = () => bookingClock(now(), timeZone, windowDays);
  // Treatments change only with a migration (a restart): read them once.
  let treatmentList: Promise<TreatmentRow[]> | undefined;
  const treatmentsOnce = () => {
    treatmentList ??= listTreatments(db).catch((error) => {
      treatmentList = undefined;
      throw error;
    });
    return treatmentList;
  };
  /**
   * The write: requests refused by the per-account request limit first, then one transaction
   * that locks the requests' days and patients, reads the days' holders and the patients' counts,
   * lets the rules decide, inserts the winners, tells every instance their dates changed and
   * queues the confirmation mails. Answers one outcome per request, in order.
   */
  async function writeBatch(requests: WriteRequest[]): Promise<BatchResult<BookingRow>> {
    // Counted for the whole batch in one statement: a write per request made a popular slot's
    // race several times slower (figures: docs/benchmarks.md, "The booking limit, once per
    // batch"). Per account, not per address: many patients share a clinic's Wi-Fi or a
    // carrier's address.
    const refused = await rateLimit.limiter.consumeEach(
      requests.map((r) => `booking:account:${r.patientId}`),
      { max: rateLimit.max, windowSeconds: rateLimit.windowSeconds },
    );
    const admitted = requests.filter((_, i) => refused[i] === null);
    const days = [...new Map(admitted.map((r): [string, Day] => [dayKey(r), { treatmentId: r.treatmentId, date: r.date }])).values()];
    const { decided, unchangedDays } = admitted.length === 0
      ? { decided: [], unchangedDays: [] }
      : await inTransaction(db, async ({ tx, afterCommit }) => {
        const patients = admitted.map((r) => r.patientId);
        await lockBookingDays(tx, days, patients);
        const decision = decideBatch(admitted, {
          held: await listHoldersOn(tx, days),
          activeCounts: await countActiveBookingsFrom(tx, patients, clock().today),
          maxActive: maxActiveBookings,
        });
        const inserted = await insertBookings(tx, decision.winners);
        const changedDates = new Set(inserted.map((row) => row.date));
        if (inserted.length > 0) {
          await notifyAvailabilityChanged(tx, changedDates);
          await mail.queueBookingConfirmations(tx, inserted);
          // This instance's next answer must show them (others hear through NOTIFY).
          afterCommit(() => changedDates.forEach((date) => cache.invalidate(date)));
        }
        // (treatment, date, slot) is unique among the winners: it pairs each request with its row.
        const rows = new Map(inserted.map((row) => [`${dayKey(row)}|${row.slot}`, row]));
        const changed = new Set(decision.winners.map(dayKey));
        return {
          decided: admitted.map((r, i): WriteOutcome<BookingRow> =>
            decision.refusals[i] ?? { booking: rows.get(`${dayKey(r)}|${r.slot}`)! }),
          unchangedDays: days.filter((d) => !changed.has(dayKey(d))).map((d) => ({ ...d, holders: decision.holdersOf(d) })),
        };
      });
    let next = 0;
    return { outcomes: requests.map((_, i) => refused[i] ?? decided[next++]!), unchangedDays };
  }
  const writer = fastPaths.groupCommit || fastPaths.knownHolders
    ? createFastWriter(writeBatch, cache, batching, fastPaths)
    : createPlainWriter(writeBatch);

  const entryOf = (date: string) =>
    cache.get(date, async () => {
      const takenBy: TakenSlots = new Map();
      for (const { treatmentId, slot } of await takenSlotsOn(db, date)) {
        let set = takenBy.get(treatmentId);
        if (!set) takenBy.set(treatmentId, (set = new Set()));
        set.add(slot);
      }
      return takenBy;
    });

  function availableFrom(all: TreatmentRow[], takenBy: TakenSlots, date: string): TreatmentAvailability[] {
    const c = clock();
    return all.map((t) => ({
      _id: t.id,
      name: t.name,
      slots: freeSlots(t.slots, takenBy.get(t.id) ?? new Set(), date, c),
      price: dollars(t.priceCents),
    }));
  }

  return {
    async available(date: string): Promise<TreatmentAvailability[]> {
      const [all, entry] = await Promise.all([treatmentsOnce(), entryOf(date)]);
      return availableFrom(all, entry.taken, date);
    },

    /**
     * `available(date)` as JSON bytes: the answer depends only on the date's taken slots and on
     * the clock's day and minute, and is serialized once per such state.
     */
    async availableJson(date: string): Promise<Buffer> {
      const [all, entry] = await Promise.all([treatmentsOnce(), entryOf(date)]);
      const c = clock();
      const clockKey = `${c.today}|${date === c.today ? c.minutesNow : ''}`;
      return cache.answer(entry, clockKey, () => Buffer.from(JSON.stringify(availableFrom(all, entry.taken, date))));
    },

    async services(): Promise<{ _id: string; name: string }[]> {
      return (await treatmentsOnce()).map((t) => ({ _id: t.id, name: t.name }));
    },

    async create(caller: Caller, input: CreateBookingInput) {
      if (input.patient !== undefined && input.patient.trim().toLowerCase() !== caller.email) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only book for yourself.');
      }
      if (requireEmailVerification === 'booking' && !caller.emailVerified) {
        throw new AppError(
          ErrorCode.EMAIL_UNVERIFIED,
          `Please confirm your email address first: follow the link we sent to ${caller.email}, then book again.`,
          { extra: { email: caller.email } },
        );
      }
      const treatment = (await treatmentsOnce()).find((t) => t.id === input.treatmentId);
      if (!treatment) {
        throw new AppError(ErrorCode.VALIDATION, 'There is no such treatment.', {
          errors: { treatmentId: ['There is no such treatment'] },
        });
      }
      if (!treatment.slots.includes(input.slot) || slotStartMinutes(input.slot) === null) {
        throw new AppError(ErrorCode.VALIDATION, `${treatment.name} has no slot ${input.slot}.`, {
          errors: { slot: ['Choose one of the treatment’s slots'] },
        });
      }
      const c = clock();
      const verdict = judgeDate(input.date, c);
      if (verdict !== 'bookable') {
        const message =
          verdict === 'past'
            ? 'That day has passed; choose today or a later day.'
            : `Bookings open up to ${windowDays} days ahead; choose an earlier day.`;
        throw new AppError(ErrorCode.VALIDATION, message, { errors: { date: [message] } });
      }
      if (!isSlotOpen(input.date, input.slot, c)) {
        const message = 'That slot has already started; choose a later one.';
        throw new AppError(ErrorCode.VALIDATION, message, { errors: { slot: [message] } });
      }

      const request: WriteRequest = {
        treatmentId: treatment.id,
        treatmentName: treatment.name,
        date: input.date,
        slot: input.slot,
        patientId: caller.userId,
        patientEmail: caller.email,
        patientName: caller.name,
        phone: input.phone,
        priceCents: treatment.priceCents,
      };
      const outcome = await writer.write(request);
      if (outcome instanceof Error) throw outcome;
      if (!('booking' in outcome)) throw refusalError(request, treatment.name, outcome);
      return { success: true as const, booking: toBookingDto(outcome.booking) };
    },

    async listOwn(caller: Caller, patient: string): Promise<Booking[]> {
      if (patient !== caller.email && !caller.isAdmin) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only see your own bookings.');
      }
      // Bookings belong to the account, not to the address: one made under this address by an
      // account since removed is never the caller's.
      const rows = patient === caller.email
        ? await listActiveBookingsOf(db, caller.userId)
        : await listActiveBookingsOfEmail(db, patient);
      // An admin reading someone else's data leaves a trace, as admin writes do: one entry per
      // request with its filter, not one per row.
      if (patient !== caller.email) {
        await recordAudit(db, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'booking.read-list',
          target: patient,
          detail: { count: rows.length },
        });
      }
      return rows
        .sort((a, b) => a.date.localeCompare(b.date) || slotStartMinutes(a.slot)! - slotStartMinutes(b.slot)!)
        .map(toBookingDto);
    },

    /**
     * Frees the slots of a patient's bookings that have not started yet (their account is being
     * removed); bookings already begun or past stay, for the clinic's records, and lose the
     * person's details when the account goes (a trigger, migration 0007). Runs in the caller's
     * transaction; this instance forgets the freed dates once it commits.
     */
    async cancelUpcomingOf({ tx, afterCommit }: UnitOfWork, patientId: string): Promise<number> {
      const c = clock();
      const upcoming = (await listActiveBookingsFrom(tx, patientId, c.today)).filter((b) =>
        isSlotOpen(b.date, b.slot, c) || (b.date > c.lastDay),
      );
      const cancelled = await cancelBookings(tx, upcoming.map((b) => b.id));
      const dates = new Set(cancelled.map((b) => b.date));
      await notifyAvailabilityChanged(tx, dates);
      afterCommit(() => dates.forEach((date) => cache.invalidate(date)));
      return cancelled.length;
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

    /** Deletes bookings never paid nor attended (an erased account's); runs in `tx`. */
    deleteUnpaid(tx: Db, ids: string[]): Promise<number> {
      return deleteBookings(tx, ids);
    },

    /** One booking: the caller's own, or any for an admin. Anything else is a 404, never a 403. */
    async getOne(caller: Caller, id: string): Promise<Booking> {
      const row = isUuid(id) ? await findBooking(db, id) : null;
      if (!row || (row.patientId !== caller.userId && !caller.isAdmin)) {
        throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      }
      if (row.patientId !== caller.userId) {
        await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.read', target: row.id });
      }
      return toBookingDto(row);
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

export type BookingService = ReturnType<typeof createBookingService>;
