/**
 * The booking service: booking and changing a booking (the write, its batches and the
 * reschedule), composed with the wing's other use cases, each in its own file: what patients see
 * before booking (availability.service.ts), the request's rules (booking-request.ts), reading
 * bookings (booking-views.ts), the front desk's list (front-desk-list.ts), outcomes
 * (booking-statuses.ts), every cancellation's one release path (release.ts, with the rules of
 * lifecycle-rules.ts) and what other modules ask (booking-ports.ts). The server decides the
 * patient (from the token), the name and the price (from the treatment); the client's copies
 * are ignored or must match.
 */
import {
  ErrorCode,
  type Availability,
} from '@clinic/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GroupCommitOptions } from '../../lib/group-commit.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RefundSummary, RefundsService } from '../payments/refunds.service.ts';
import {
  bookingEventsWrite,
  insertBookingsWith,
  listHoldersOn,
  lockBookingDays,
  readWriteState,
  insertBookingEvents,
  lockBookingRow,
  moveBooking,
  scheduleVersionNow,
  type BookingRow,
  type HolderScope,
  type LaneDay,
} from './booking.repository.ts';
import type { ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import type { AvailabilityCache } from './availability-cache.ts';
import { availabilityChangedNotice, notifyAvailabilityChanged } from './availability-channel.ts';
import { conflictError, dayKey, decideBatch, HOUSEHOLD_FACTOR, householdOf, placeRequest, refusalError, type SlotHolder } from './booking-rules.ts';
import { createFastWriter, createPlainWriter, type BatchResult, type FastWriterOptions, type WriteOutcome } from './booking-writer.ts';
import { createAvailability } from './availability.service.ts';
import { toBookingDto } from './booking-dto.ts';
import { createStatuses } from './booking-statuses.ts';
import { createFrontDeskList, type FrontDeskListDeps } from './front-desk-list.ts';
import { createBookingPorts, noRecall, type RecallHooks } from './booking-ports.ts';
import { createBookingViews, doctorNames } from './booking-views.ts';
import { deadlineOf, staffCancelRefusal, windowClosedError, type CancelActor, type LifecycleRules } from './lifecycle-rules.ts';
import { createRelease, type Release } from './release.ts';
import { assertMayBookOnline, prepareRequest, type CreateBookingInput, type WriteRequest } from './booking-request.ts';
import { findDependentOf } from '../families/family-reads.ts';
import { bookingClock } from './slots.ts';
import { instantOf } from '../../lib/clinic-time.ts';

export type { BookingRow, CreateBookingInput };

/** Whose booking it is: the account (or a dependent, with the guardian's address and `bookedBy`). */
type BookingPatient = Pick<Caller, 'userId' | 'email' | 'name' | 'locale'> & { bookedBy?: string | null };

/**
 * What the service reports as it decides, for the operator's counters (modules/metrics). Called
 * once a decision is final (a write committed, a refusal made), never inside a transaction.
 */
export interface BookingEvents {
  made(via: 'online' | 'admin' | 'waitlist' | 'recall'): void;
  refused(reason: 'conflict' | 'limit' | 'rate_limited'): void;
  cancelled(by: 'patient' | 'admin' | 'clinic' | 'account', count?: number): void;
}

const noEvents: BookingEvents = { made() {}, refused() {}, cancelled() {} };

export interface BookingServiceDeps {
  db: Db;
  /** Told of bookings made, refused and cancelled (none when absent). */
  events?: BookingEvents;
  cache: AvailabilityCache;
  /** Treatments, doctors, hours and closures, kept in memory and dropped on every change. */
  schedule: ScheduleSnapshot;
  mail: Pick<MailService, 'bookingConfirmationWrites' | 'queueClinicCancellations' | 'queuePatientCancellation' | 'queueRescheduled' | 'calendarOf' | 'withdrawReminders' | 'recipientLocale'>;
  /** Doctors' published ratings, shown where patients choose a doctor (the reviews module's). */
  doctorRatings?: () => Promise<ReadonlyMap<string, { average: number; count: number }>>;
  /**
   * The waitlist's hooks, in the booking's transaction: `freed` when times come free (a cancel,
   * a move away), `booked` when patients book (their waiting for that treatment ends; its writes
   * go with the booking's own, lib/pending-write.ts).
   */
  waitlist?: {
    freed(tx: Db, dates: Iterable<string>): Promise<void>;
    booked(rows: readonly { patientId: string | null; treatmentId: string }[]): PendingWrite[];
  };
  /** The recall module's hooks (none when absent: nothing is recalled). */
  recall?: RecallHooks;
  /** Of these bookings, those with a callback still open (the links module's); none when absent. */
  openCallbacks?: (bookingIds: readonly string[]) => Promise<ReadonlySet<string>>;
  /** The front desk's forms flags and alerts per booking (the forms module's). */
  intakeFlags?: FrontDeskListDeps['intakeFlags'];
  /** Refunds of cancelled paid bookings (the payments module's). */
  refunds: Pick<RefundsService, 'queueIn' | 'summaries'>;
  /**
   * Card payments still open in a browser when their booking is cancelled (the payments
   * module's): every cancel hands them over in its transaction, to be cancelled after the commit.
   */
  payments: Pick<PaymentsService, 'closeOpenIntentsIn'>;
  lifecycle: LifecycleRules;
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

export function createBookingService(deps: BookingServiceDeps) {
  const { db, cache, schedule, mail, refunds, payments, lifecycle, now, timeZone, windowDays, batching, fastPaths, maxActiveBookings, rateLimit, requireEmailVerification } = deps;
  const waitlist = deps.waitlist ?? { freed: async () => {}, booked: () => [] };
  const events = deps.events ?? noEvents;
  const recall = deps.recall ?? noRecall;
  const clock = () => bookingClock(now(), timeZone, windowDays);
  const views = createBookingViews({ db, schedule, refunds, mail, lifecycle, now });
  const { dtos, visible, laneFilter, actsFor } = views;
  const laneDaysOf = (r: WriteRequest): LaneDay[] => r.lanes.map((laneId) => ({ laneId, date: r.date }));
  /**
   * The write: requests refused by the per-account request limit first, then one transaction
   * that locks the requests' lanes and patients (and the schedule, shared), checks the schedule
   * they were decided on is still the current one, reads the holders of their treatments' days
   * and the patients' counts, lets the rules decide, inserts the winners, tells every instance
   * their dates changed and queues the confirmation mails. Answers one outcome per request, in
   * order. The transaction is five round trips whatever the batch holds: BEGIN, the locks, one
   * read (readWriteState), one write (the bookings with their history, mails, waitlist changes
   * and notifications: insertBookingsWith), COMMIT.
   */
  async function writeBatch(requests: WriteRequest[]): Promise<BatchResult<BookingRow>> {
    // Counted for the whole batch in one statement: a write per request made a popular slot's
    // race several times slower (figures: docs/benchmarks.md, "The booking limit, once per
    // batch"). Per account, not per address: many patients share a clinic's Wi-Fi or a
    // carrier's address.
    const refused = await rateLimit.limiter.consumeEach(
      requests.map((r) => `booking:account:${householdOf(r)}`),
      { max: rateLimit.max, windowSeconds: rateLimit.windowSeconds },
    );
    const admitted = requests.filter((_, i) => refused[i] === null);
    const scopes = [...new Map(admitted.map((r): [string, HolderScope] => [dayKey(r), { treatmentId: r.treatmentId, date: r.date, lanes: r.laneSet }])).values()];
    const { decided, unchangedDays } = admitted.length === 0
      ? { decided: [], unchangedDays: [] }
      : await inTransaction(db, async ({ tx, afterCommit }) => {
        // The patients, and each guardian booking for a dependent (the household's count).
        const households = [...new Set(admitted.map(householdOf))];
        const patients = [...new Set([...admitted.map((r) => r.patientId), ...households])];
        await lockBookingDays(tx, admitted.flatMap(laneDaysOf), patients);
        const { version, holders, activeCounts, bookedForCounts } = await readWriteState(tx, scopes, patients, clock().today, households);
        const current = admitted.filter((r) => r.scheduleVersion === version);
        const decision = decideBatch(current, { held: holders, activeCounts, maxActive: maxActiveBookings, bookedForCounts, householdMax: maxActiveBookings * HOUSEHOLD_FACTOR });
        // Ids made here, so that the rows that refer to them go in the same statement.
        const rows = decision.winners.map(({ request, lane }) => {
          const { lanes: _lanes, laneSet: _laneSet, scheduleVersion: _version, createdVia = 'online', recipientLocale: _locale, ...row } = request;
          return {
            ...row,
            id: randomUUID(),
            version: 1,
            createdVia,
            doctorId: lane === request.treatmentId ? null : lane,
            startsAt: instantOf(request.date, request.startMin, timeZone),
            endsAt: instantOf(request.date, request.endMin, timeZone),
          };
        });
        const changedDates = new Set(rows.map((row) => row.date));
        const inserted = rows.length === 0 ? [] : await insertBookingsWith(
          tx,
          rows,
          [
            bookingEventsWrite(
              tx,
              rows.map((row) => ({
                bookingId: row.id,
                actorKind: row.createdVia === 'admin' ? ('admin' as const) : ('patient' as const),
                actorId: row.createdVia === 'admin' ? null : row.patientId,
                type: 'created' as const,
                data: { date: row.date, slot: row.slot, via: row.createdVia },
              })),
            ),
            ...mail.bookingConfirmationWrites(tx, rows.map((row, i) => ({ ...row, locale: decision.winners[i]!.request.recipientLocale ?? null }))),
            ...waitlist.booked(rows),
            ...recall.booked(rows),
          ],
          [availabilityChangedNotice(changedDates)].filter((notice) => notice !== null),
        );
        // This instance's next answer must show them (others hear through NOTIFY).
        if (inserted.length > 0) afterCommit(() => changedDates.forEach((date) => cache.invalidate(date)));
        // Each winner's row, by the id made for it.
        const insertedById = new Map(inserted.map((row) => [row.id, row]));
        const rowOf = new Map(decision.winners.map(({ request }, i) => [request, insertedById.get(rows[i]!.id)!]));
        const refusalOf = new Map(current.map((r, i) => [r, decision.refusals[i]]));
        const changed = new Set(decision.winners.map(({ request }) => dayKey(request)));
        return {
          decided: admitted.map((r): WriteOutcome<BookingRow> => {
            if (r.scheduleVersion !== version) return { scheduleChanged: true };
            return refusalOf.get(r) ?? { booking: rowOf.get(r)! };
          }),
          unchangedDays: current.length === 0
            ? []
            : scopes
              .filter((d) => !changed.has(dayKey(d)))
              .map((d) => {
                const lanes = new Set(d.lanes);
                const holders: SlotHolder[] = decision
                  .holdersOn(d.date)
                  .filter((h) => h.treatmentId === d.treatmentId || lanes.has(h.laneId));
                return { treatmentId: d.treatmentId, date: d.date, lanes, holders };
              }),
        };
      });
    let next = 0;
    return { outcomes: requests.map((_, i) => refused[i] ?? decided[next++]!), unchangedDays };
  }
  const writer = fastPaths.groupCommit || fastPaths.knownHolders
    ? createFastWriter(writeBatch, cache, batching, fastPaths)
    : createPlainWriter(writeBatch);

  /**
   * History entries, stamped by the database when written (the order they happened in, across
   * instances and modules: payments and refunds write theirs too).
   */
  const recordEvents = insertBookingEvents;

  function assertConfirmed(row: BookingRow) {
    if (row.status !== 'confirmed') {
      const what = row.status === 'cancelled' ? 'was cancelled' : row.status === 'completed' ? 'has taken place' : 'was marked as missed';
      throw new AppError(ErrorCode.BOOKING_NOT_MODIFIABLE, `This appointment ${what}; it cannot be changed.`, { extra: { bookingStatus: row.status } });
    }
  }

  /** One change of one booking: its row locked; a patient may only touch their own (else 404). */
  async function changeBooking<T>(caller: Caller, id: string, actor: 'patient' | 'admin', change: (work: UnitOfWork, row: BookingRow) => Promise<T>): Promise<T> {
    if (!isUuid(id)) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
    return inTransaction(db, async (work) => {
      const row = await lockBookingRow(work.tx, id);
      if (!row || (actor === 'patient' && !(await actsFor(caller, row, work.tx)))) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      return change(work, row);
    });
  }

  const release = createRelease({ cache, mail, refunds, payments, waitlist, recall, lifecycle, events, now });

  /** Cancels a locked, confirmed row through the one release path (release.ts), in the caller's transaction. */
  async function cancelRow(work: UnitOfWork, row: BookingRow, how: Release) {
    const [released] = await release(work, [row.id], how);
    // The answer is built after the commit: reading with `db` inside the transaction would wait
    // for it on PGlite's single connection.
    return released!;
  }

  const actorOf = (caller: Caller, kind: 'patient' | 'admin'): CancelActor => ({ kind, id: caller.userId, email: caller.email });

  async function cancelAnswer({ row, refund }: { row: BookingRow; refund: RefundSummary | null }) {
    const [dto] = await dtos([row]);
    return { booking: { ...dto!, refund: refund ?? dto!.refund }, refund };
  }

  /** Moves a booking in place (design section 2.4): one transaction, one row, no moment with both times or neither. */
  async function rescheduleBooking(caller: Caller, id: string, input: RescheduleInput, ifMatch: string | undefined, actor: 'patient' | 'admin') {
    const expected = ifMatch === undefined ? undefined : versionOf(ifMatch);
    for (let attempt = 0; attempt < 4; attempt++) {
      const s = await schedule.get();
      const current = await visible(caller, id);
      if (actor === 'patient' && !(await actsFor(caller, current))) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      assertConfirmed(current);
      const { request, treatment } = prepareRequest(
        s,
        { userId: current.patientId ?? '', email: current.patientEmail, name: current.patientName, bookedBy: current.bookedBy },
        { treatmentId: current.treatmentId, date: input.date, slot: input.slot, phone: current.phone, doctorId: input.doctorId },
        clock(),
        windowDays,
      );
      const outcome = await inTransaction(db, async ({ tx, afterCommit }) => {
        await lockBookingDays(
          tx,
          [...request.lanes.map((laneId) => ({ laneId, date: request.date })), { laneId: current.laneId, date: current.date }],
          current.patientId ? [current.patientId] : [],
        );
        if ((await scheduleVersionNow(tx)) !== s.version) return 'schedule-changed' as const;
        const row = await lockBookingRow(tx, id);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
        assertConfirmed(row);
        if (expected !== undefined && row.version !== expected) {
          throw new AppError(ErrorCode.PRECONDITION_FAILED, 'This appointment changed meanwhile; please review it and try again.', { extra: { version: row.version } });
        }
        if (actor === 'patient') {
          const deadline = deadlineOf(row.startsAt, lifecycle.rescheduleNoticeHours);
          if (deadline === null || now() >= deadline) throw windowClosedError(lifecycle, ErrorCode.RESCHEDULE_WINDOW_CLOSED, deadline, 'moved');
        }
        const holders = (await listHoldersOn(tx, [{ treatmentId: row.treatmentId, date: request.date, lanes: request.laneSet }])).filter((h) => h.id !== row.id);
        const placement = placeRequest(holders, request);
        if ('blocker' in placement) throw conflictError(request, treatment.name, placement.blocker);
        const moved = await moveBooking(tx, row.id, {
          date: request.date,
          slot: request.slot,
          startMin: request.startMin,
          endMin: request.endMin,
          startsAt: instantOf(request.date, request.startMin, timeZone),
          endsAt: instantOf(request.date, request.endMin, timeZone),
          doctorId: placement.lane === row.treatmentId ? null : placement.lane,
        });
        await recordEvents(tx, [{
          bookingId: row.id, actorKind: actor, actorId: caller.userId, type: 'rescheduled',
          data: { from: { date: row.date, slot: row.slot, doctorId: row.doctorId }, to: { date: moved.date, slot: moved.slot, doctorId: moved.doctorId }, version: moved.version },
        }]);
        if (actor === 'admin') {
          await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.reschedule', target: row.id, detail: { from: `${row.date} ${row.slot}`, to: `${moved.date} ${moved.slot}` } });
        }
        await notifyAvailabilityChanged(tx, [row.date, moved.date]);
        await mail.queueRescheduled(tx, moved, { date: row.date, slot: row.slot });
        await waitlist.freed(tx, [row.date]);
        afterCommit(() => [row.date, moved.date].forEach((date) => cache.invalidate(date)));
        return moved;
      }).catch((error: unknown) => {
        // The constraints are the last word: a time taken by a writer the locks did not order.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code === '23P01' || code === '23505') throw conflictError(request, treatment.name, { ...request, laneId: '', patientId: null });
        throw error;
      });
      if (outcome === 'schedule-changed') {
        schedule.reset();
        continue;
      }
      const [dto] = await dtos([outcome]);
      return { booking: dto! };
    }
    throw new AppError(ErrorCode.UNAVAILABLE, 'The clinic’s schedule is changing; please try again.');
  }

  /** Checks and writes one booking for `patient`; a schedule change meanwhile means checking again. */
  async function book(patient: BookingPatient, input: CreateBookingInput, via: 'online' | 'admin' | 'waitlist' | 'recall') {
    // The mails' language: a signed-in patient's session carries theirs; others are looked up.
    const recipientLocale = patient.locale !== undefined ? patient.locale : await mail.recipientLocale(db, patient.bookedBy ?? patient.userId);
    for (let attempt = 0; ; attempt++) {
      const s = await schedule.get();
      const { request, treatment } = prepareRequest(s, patient, input, clock(), windowDays);
      const outcome = await writer.write({ ...request, createdVia: via, recipientLocale });
      if (outcome instanceof Error) {
        if (outcome instanceof AppError && outcome.code === ErrorCode.RATE_LIMITED) events.refused('rate_limited');
        throw outcome;
      }
      if ('scheduleChanged' in outcome) {
        if (attempt >= 3) throw new AppError(ErrorCode.UNAVAILABLE, 'The clinic’s schedule is changing; please try again.');
        schedule.reset();
        continue;
      }
      if (!('booking' in outcome)) {
        events.refused('overLimit' in outcome ? 'limit' : 'conflict');
        throw refusalError(request, treatment.name, outcome);
      }
      events.made(via);
      return { success: true as const, booking: toBookingDto(outcome.booking, { doctorName: doctorNames(s), now: now(), lifecycle }) };
    }
  }

  const ports = createBookingPorts({ db, release, clock });
  const availability = createAvailability({ db, cache, schedule, doctorRatings: deps.doctorRatings, now, timeZone, windowDays });
  const frontDesk = createFrontDeskList({ db, schedule, refunds, dtos, laneFilter, openCallbacks: deps.openCallbacks ?? (async () => new Set()), intakeFlags: deps.intakeFlags });
  const statuses = createStatuses({ db, now, changeBooking, recall });

  return {
    ...availability,
    ...frontDesk,
    ...statuses,
    ...views,
    ...ports,

    /** One treatment's free times on a date, per lane (`GET /api/availability`); a booking being moved frees its own time. */
    async availability(date: string, treatmentId: string, doctorId?: string, exclude?: { caller: Caller; bookingId: string }): Promise<Availability> {
      const own = exclude ? await visible(exclude.caller, exclude.bookingId) : undefined;
      return availability.availability(date, treatmentId, doctorId, own);
    },

    /** A waiting patient claims an offered time: the ordinary booking path and its gates, recorded as `waitlist`. */
    async bookFromWaitlist(caller: Caller, input: CreateBookingInput) {
      assertMayBookOnline(requireEmailVerification, caller);
      return book(caller, input, 'waitlist');
    },

    /**
     * A patient books from a recall message's link (practice-loop.md section 4): the ordinary
     * booking path and its rules; the followed link proved the address, so no verification gate.
     */
    async bookFromRecall(patient: BookingPatient, input: CreateBookingInput) {
      return book(patient, input, 'recall');
    },

    /** The front desk books for a patient who phoned (their account, found or just created): no verification gate. */
    async adminCreate(caller: Caller, patient: { userId: string; email: string; name: string }, input: CreateBookingInput) {
      const result = await book(patient, input, 'admin');
      await recordAudit(db, {
        actorId: caller.userId, actorEmail: caller.email, action: 'booking.create-for', target: patient.userId,
        detail: { bookingId: result.booking._id, date: result.booking.date, slot: result.booking.slot },
      });
      return result;
    },

    async create(caller: Caller, input: CreateBookingInput & { forPatientId?: string | undefined }) {
      if (input.patient !== undefined && input.patient.trim().toLowerCase() !== caller.email) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only book for yourself.');
      }
      assertMayBookOnline(requireEmailVerification, caller);
      if (input.forPatientId === undefined || input.forPatientId === caller.userId) return book(caller, input, 'online');
      // A dependent's booking (practice-loop.md section 7): theirs, the guardian's address for the mail.
      const dependent = await findDependentOf(db, caller.userId, input.forPatientId);
      if (!dependent) {
        throw new AppError(ErrorCode.VALIDATION, 'There is no such family member.', { errors: { forPatientId: ['Choose yourself or one of your family members'] } });
      }
      return book({ userId: dependent.id, email: caller.email, name: dependent.name, bookedBy: caller.userId, locale: caller.locale }, input, 'online');
    },

    /**
     * The patient cancels (design sections 2.4, 5.1, 5.3): their own confirmed booking, before
     * the notice deadline, at most 5 times in 10 minutes. In one transaction under the row lock:
     * the status, the history, the refund of a paid booking (REFUND_ON_PATIENT_CANCEL), the mail
     * with a calendar CANCEL, and every instance told the time is free.
     */
    async cancel(caller: Caller, id: string, reason?: string, expectedVersion?: number) {
      const [limited] = await rateLimit.limiter.consumeEach([`booking-cancel:${caller.userId}`], { max: 5, windowSeconds: 600 });
      if (limited) throw limited;
      return changeBooking(caller, id, 'patient', async (work, row) => {
        assertConfirmed(row);
        // A link in a message is for the booking as it was then (design practice-loop.md section 3).
        if (expectedVersion !== undefined && row.version !== expectedVersion) {
          throw new AppError(ErrorCode.PRECONDITION_FAILED, 'This appointment changed meanwhile; please review it and try again.', { extra: { version: row.version } });
        }
        const deadline = deadlineOf(row.startsAt, lifecycle.cancelNoticeHours);
        if (deadline === null || now() >= deadline) throw windowClosedError(lifecycle, ErrorCode.CANCEL_WINDOW_CLOSED, deadline, 'cancelled');
        return cancelRow(work, row, { cause: 'patient', actor: actorOf(caller, 'patient'), reason: reason ?? '' });
      }).then(cancelAnswer);
    },

    /** The clinic cancels (before the start; no notice window): with a full, partial or no refund. */
    async adminCancel(caller: Caller, id: string, input: { reason: string; refund: 'full' | 'none' | { amountCents: number }; notify: boolean }) {
      return changeBooking(caller, id, 'admin', async (work, row) => {
        assertConfirmed(row);
        const refused = staffCancelRefusal(row, now());
        if (refused) throw new AppError(ErrorCode.BOOKING_NOT_MODIFIABLE, refused);
        const refund = typeof input.refund === 'object' ? input.refund.amountCents : input.refund;
        return cancelRow(work, row, { cause: 'staff', actor: actorOf(caller, 'admin'), reason: input.reason, refund, notify: input.notify });
      }).then(cancelAnswer);
    },

    /**
     * The patient moves their booking (before the notice deadline of its current time), at most
     * 10 times in 10 minutes per account: each move mails the patient and offers the freed time
     * to the waitlist. Every attempt counts, as the cancel's do, so simultaneous ones cannot slip
     * past the limit.
     */
    async reschedule(caller: Caller, id: string, input: RescheduleInput, ifMatch?: string) {
      const [limited] = await rateLimit.limiter.consumeEach([`booking-reschedule:${caller.userId}`], { max: 10, windowSeconds: 600 });
      if (limited) throw limited;
      return rescheduleBooking(caller, id, input, ifMatch, 'patient');
    },

    /** The front desk moves a booking, ignoring the notice window (calcom#18980). */
    async adminReschedule(caller: Caller, id: string, input: RescheduleInput, ifMatch?: string) {
      return rescheduleBooking(caller, id, input, ifMatch, 'admin');
    },

  };
}

export type BookingService = ReturnType<typeof createBookingService>;

export interface RescheduleInput {
  date: string;
  slot: string;
  doctorId?: string;
}

/** `"v3"`, `W/"v3"` or `3` -> 3; anything else can match no version. */
function versionOf(ifMatch: string): number {
  const match = /^(?:W\/)?"?v?(\d+)"?$/.exec(ifMatch.trim());
  return match ? Number(match[1]) : -1;
}
