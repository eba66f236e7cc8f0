/**
 * Availability and booking rules. The server decides the patient (from the token), the name and
 * the price (from the treatment); the client's copies are ignored or must match.
 */
import { ErrorCode, paymentModeOf, type Booking, type TreatmentAvailability } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGroupCommit, type GroupCommitOptions } from '../../lib/group-commit.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Caller } from '../../plugins/caller.ts';
import { appendAudit } from '../audit/audit.repository.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import {
  findBooking,
  insertBookingsUnlessTaken,
  cancelBookings,
  deleteBookings,
  listAllBookingsOf,
  listUnretainedBookingIds,
  markRetainedBookings,
  listActiveBookingsFrom,
  listActiveBookingsOf,
  listActiveBookingsOfEmail,
  listTreatments,
  takenSlotsOn,
  type BookingRow,
  type InsertOutcome,
  type NewBooking,
  type TreatmentRow,
} from './booking.repository.ts';
import { blockerOf, type AvailabilityCache, type SlotHolder, type TakenSlots } from './availability-cache.ts';
import { bookingClock, freeSlots, isSlotOpen, judgeDate, slotStartMinutes } from './slots.ts';

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

/**
 * The spec's conflict answer. `holder` holds the slot, or is the caller's own booking of the
 * treatment that day (on the request's date, of its treatment); only the caller's own booking
 * is described, another patient's stays private.
 */
function conflict(caller: Caller, treatment: TreatmentRow, input: CreateBookingInput, holder: SlotHolder): AppError {
  const own = holder.patientId === caller.userId;
  const slot = own ? holder.slot : input.slot;
  return new AppError(
    ErrorCode.CONFLICT,
    own ? `You already have ${treatment.name} on ${input.date} at ${slot}.` : 'That slot has just been taken; choose another.',
    { extra: { success: false, booking: { date: input.date, slot, treatment: treatment.name } } },
  );
}

/** A batch's answer to one request: the repository's decision, or the request limit's 429. */
type BookingOutcome = InsertOutcome | AppError;

export interface BookingServiceDeps {
  db: Db;
  cache: AvailabilityCache;
  mail: Pick<MailService, 'queueBookingConfirmations'>;
  now: () => Date;
  timeZone: string;
  windowDays: number;
  /** How bookings share transactions: one in flight for PGlite's single connection, more on a pool. */
  batching: GroupCommitOptions;
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
  const { db, cache, mail, now, timeZone, windowDays, batching, maxActiveBookings, rateLimit, requireEmailVerification } = deps;
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
  // Under load a booking is a write transaction of several statements, and most of its cost is
  // per statement: bookings that arrive while one is in flight share the next transaction.
  const insertBooking = createGroupCommit(async (requests: (NewBooking & { patientId: string })[]) => {
    // Taken before the transaction begins: an invalidation after it means the holders it saw
    // may be out of date by the time it answers, and they are not kept.
    const seenAt = new Map(requests.map((r) => [r.date, cache.generation(r.date)]));
    // The per-account request limit, counted for the whole batch in one statement: a write per
    // request made the 1,000-way race four times slower. Requests refused from memory above never
    // get here and cost nothing. Per account, not per address: many patients share a clinic's
    // Wi-Fi or a carrier's address.
    const refused = await rateLimit.limiter.consumeEach(
      requests.map((r) => `booking:account:${r.patientId}`),
      { max: rateLimit.max, windowSeconds: rateLimit.windowSeconds },
    );
    const admitted = requests.filter((_, i) => refused[i] === null);
    const limit = { today: clock().today, max: maxActiveBookings };
    const { outcomes: decided, unchangedDays } =
      admitted.length > 0
        ? await insertBookingsUnlessTaken(db, admitted, limit, (tx, rows) => mail.queueBookingConfirmations(tx, rows))
        : { outcomes: [], unchangedDays: [] };
    let next = 0;
    const outcomes = requests.map((_, i): BookingOutcome => refused[i] ?? decided[next++]!);
    for (const day of unchangedDays) cache.rememberHolders(day.date, day.treatmentId, day.holders, seenAt.get(day.date)!);
    return outcomes;
  }, batching);
  const takenOn = (date: string) =>
    cache.get(date, async () => {
      const takenBy: TakenSlots = new Map();
      for (const { treatmentId, slot } of await takenSlotsOn(db, date)) {
        let set = takenBy.get(treatmentId);
        if (!set) takenBy.set(treatmentId, (set = new Set()));
        set.add(slot);
      }
      return takenBy;
    });

  /**
   * The answer for a date depends only on its taken slots (a new object whenever the cache
   * reloads them) and on the clock's day and minute; it is serialized once per such state.
   */
  const serialized = new WeakMap<TakenSlots, Map<string, string>>();

  async function available(date: string): Promise<TreatmentAvailability[]> {
    const [all, takenBy] = await Promise.all([treatmentsOnce(), takenOn(date)]);
    const c = clock();
    return all.map((t) => ({
      _id: t.id,
      name: t.name,
      slots: freeSlots(t.slots, takenBy.get(t.id) ?? new Set(), date, c),
      price: dollars(t.priceCents),
    }));
  }

  return {
    available,

    /** `available(date)` as JSON text, reused until the date's bookings or the minute change. */
    async availableJson(date: string): Promise<string> {
      const takenBy = await takenOn(date);
      const c = clock();
      const key = `${c.today}|${date === c.today ? c.minutesNow : ''}`;
      let byClock = serialized.get(takenBy);
      if (!byClock) serialized.set(takenBy, (byClock = new Map()));
      let json = byClock.get(key);
      if (json === undefined) {
        json = JSON.stringify(await available(date));
        if (byClock.size > 64) byClock.clear();
        byClock.set(key, json);
      }
      return json;
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

      // A slot known to be taken since the day's last change is refused without a transaction;
      // the database still decides every request that could win.
      const known = cache.holdersOf(input.date, treatment.id);
      const blocker = known && blockerOf(known, { slot: input.slot, patientId: caller.userId });
      if (blocker) throw conflict(caller, treatment, input, blocker);

      const outcome = await insertBooking({
        treatmentId: treatment.id,
        treatmentName: treatment.name,
        date: input.date,
        slot: input.slot,
        patientId: caller.userId,
        patientEmail: caller.email,
        patientName: caller.name,
        phone: input.phone,
        priceCents: treatment.priceCents,
      });
      // A loser changed nothing; its batch's winners invalidate the day themselves.
      if (outcome instanceof AppError) throw outcome;
      if ('conflict' in outcome) throw conflict(caller, treatment, input, outcome.conflict);
      if ('overLimit' in outcome) {
        throw new AppError(
          ErrorCode.BOOKING_LIMIT,
          `You already have ${outcome.overLimit} upcoming appointments, the most one patient may hold. ` +
            'Please come to one of them, or ask the clinic to cancel one, before booking another.',
          { extra: { limit: outcome.overLimit } },
        );
      }
      // Committed: this instance's next answer must show it (others hear through NOTIFY).
      cache.invalidate(input.date);
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
        await appendAudit(db, {
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
     * person's details when the account goes (a trigger, migration 0007). Runs in `tx`.
     */
    async cancelUpcomingOf(tx: Db, patientId: string): Promise<number> {
      const c = clock();
      const upcoming = (await listActiveBookingsFrom(tx, patientId, c.today)).filter((b) =>
        isSlotOpen(b.date, b.slot, c) || (b.date > c.lastDay),
      );
      return cancelBookings(tx, upcoming.map((b) => b.id));
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
        await appendAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.read', target: row.id });
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
