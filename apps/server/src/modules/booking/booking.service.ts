/**
 * Availability and booking rules. The server decides the patient (from the token), the name and
 * the price (from the treatment); the client's copies are ignored or must match.
 */
import {
  CALENDAR_MAX_DAYS,
  eachDay,
  ErrorCode,
  paymentModeOf,
  slotLabel,
  slotStartMinutes,
  type AdminBookingsPage,
  type Availability,
  type Booking,
  type BookingDetail,
  type CalendarDay,
  type PublicDoctor,
  type StaffDayItem,
  type TreatmentAvailability,
} from '@clinic/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GroupCommitOptions } from '../../lib/group-commit.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import { reachesLane, scopeOf } from '../identity/permissions.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RefundSummary, RefundsService } from '../payments/refunds.service.ts';
import {
  findBooking,
  bookingEventsWrite,
  deleteBookings,
  insertBookingsWith,
  listAllBookingsOf,
  listUnretainedBookingIds,
  listHoldersOn,
  lockBookingDays,
  markRetainedBookings,
  readWriteState,
  listActiveBookingsFrom,
  completeEndedBefore,
  isReferenced,
  listConfirmedFrom,
  setBookingDoctor,
  insertBookingEvents,
  listBookingEvents,
  listBookingsForAdmin,
  listBookingsOf,
  listDoctorDay,
  findPatientIdByEmail,
  lockBookingRow,
  moveBooking,
  setBookingStatus,
  scheduleVersionNow,
  type ConfirmedFilter,
  takenSlotsOn,
  type BookingRow,
  type HolderScope,
  type LaneDay,
  type NewBooking,
} from './booking.repository.ts';
import { bookableTreatments, clinicOpen, laneOpen, lanesOf, type Schedule, type ScheduleTreatment } from '../schedule/schedule-rules.ts';
import { loadSchedule, type ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import type { AvailabilityCache, TakenSlots } from './availability-cache.ts';
import { availabilityChangedNotice, notifyAvailabilityChanged } from './availability-channel.ts';
import { assertNearWindow, conflictError, dayKey, decideBatch, outsidePublicDays, placeRequest, refusalError, type SlotHolder } from './booking-rules.ts';
import { createFastWriter, createPlainWriter, type BatchResult, type FastWriterOptions, type WriteOutcome } from './booking-writer.ts';
import { csvCell } from './csv-cell.ts';
import { deadlineOf, staffCancelRefusal, statusMarkRefusal, type CancelActor, type LifecycleRules } from './lifecycle-rules.ts';
import { createRelease, type Release } from './release.ts';
import { bookingClock, freeStarts, instantOf, isStartOpen, judgeDate, type BookingClock, type Span } from './slots.ts';

const dollars = (cents: number) => cents / 100;

/** What a booking's answer needs besides its row: doctors' names, the clock, the notice rules, its refund. */
export interface DtoContext {
  doctorName?: (id: string) => string | undefined;
  now?: Date;
  lifecycle?: LifecycleRules;
  refund?: { status: 'pending' | 'succeeded' | 'failed'; amount: number } | null;
}

const HOUR = 3_600_000;

export function toBookingDto(row: BookingRow, ctx: DtoContext = {}): Booking {
  const now = ctx.now ?? new Date();
  const rules = ctx.lifecycle ?? { cancelNoticeHours: 24, rescheduleNoticeHours: 24, refundOnPatientCancel: 'full', clinicPhone: '' };
  const cancelDeadline = deadlineOf(row.startsAt, rules.cancelNoticeHours);
  const rescheduleDeadline = deadlineOf(row.startsAt, rules.rescheduleNoticeHours);
  const open = (deadline: Date | null) => row.status === 'confirmed' && deadline !== null && now < deadline && now < row.startsAt;
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
    doctor: row.doctorId ? { _id: row.doctorId, name: ctx.doctorName?.(row.doctorId) ?? '' } : null,
    status: row.status,
    version: row.version,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    cancelDeadline: cancelDeadline?.toISOString() ?? null,
    rescheduleDeadline: rescheduleDeadline?.toISOString() ?? null,
    canCancel: open(cancelDeadline),
    canReschedule: open(rescheduleDeadline),
    cancelledBy: row.cancelledBy ?? null,
    refund: ctx.refund ?? null,
  };
}

/**
 * A booking request as the service writes it: the row, with the caller's account as owner, the
 * lanes it may take, every lane of its treatment (whose holders the transaction reads and the
 * fast path remembers), and the schedule version it was checked against.
 */
type WriteRequest = Omit<NewBooking, 'startsAt' | 'endsAt'> & {
  patientId: string;
  startMin: number;
  endMin: number;
  lanes: readonly string[];
  laneSet: readonly string[];
  scheduleVersion: number;
};

/**
 * What the service reports as it decides, for the operator's counters (modules/metrics). Called
 * once a decision is final (a write committed, a refusal made), never inside a transaction.
 */
export interface BookingEvents {
  made(via: 'online' | 'admin' | 'waitlist'): void;
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
  mail: Pick<MailService, 'bookingConfirmationWrites' | 'queueClinicCancellations' | 'queuePatientCancellation' | 'queueRescheduled' | 'calendarOf' | 'withdrawReminders'>;
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

export interface CreateBookingInput {
  treatmentId: string;
  date: string;
  slot: string;
  phone: string;
  patient?: string;
  doctorId?: string;
}

export function createBookingService(deps: BookingServiceDeps) {
  const { db, cache, schedule, mail, refunds, payments, lifecycle, now, timeZone, windowDays, batching, fastPaths, maxActiveBookings, rateLimit, requireEmailVerification } = deps;
  const waitlist = deps.waitlist ?? { freed: async () => {}, booked: () => [] };
  const events = deps.events ?? noEvents;
  const clock = () => bookingClock(now(), timeZone, windowDays);
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
      requests.map((r) => `booking:account:${r.patientId}`),
      { max: rateLimit.max, windowSeconds: rateLimit.windowSeconds },
    );
    const admitted = requests.filter((_, i) => refused[i] === null);
    const scopes = [...new Map(admitted.map((r): [string, HolderScope] => [dayKey(r), { treatmentId: r.treatmentId, date: r.date, lanes: r.laneSet }])).values()];
    const { decided, unchangedDays } = admitted.length === 0
      ? { decided: [], unchangedDays: [] }
      : await inTransaction(db, async ({ tx, afterCommit }) => {
        const patients = admitted.map((r) => r.patientId);
        await lockBookingDays(tx, admitted.flatMap(laneDaysOf), patients);
        const { version, holders, activeCounts } = await readWriteState(tx, scopes, patients, clock().today);
        const current = admitted.filter((r) => r.scheduleVersion === version);
        const decision = decideBatch(current, { held: holders, activeCounts, maxActive: maxActiveBookings });
        // Ids made here, so that the rows that refer to them go in the same statement.
        const rows = decision.winners.map(({ request, lane }) => {
          const { lanes: _lanes, laneSet: _laneSet, scheduleVersion: _version, createdVia = 'online', ...row } = request;
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
            ...mail.bookingConfirmationWrites(tx, rows),
            ...waitlist.booked(rows),
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

  const entryOf = (date: string) =>
    cache.get(date, async () => {
      const takenBy: TakenSlots = new Map();
      for (const { laneId, startMin, endMin } of await takenSlotsOn(db, date)) {
        let list = takenBy.get(laneId);
        if (!list) takenBy.set(laneId, (list = []));
        list.push({ start: startMin, end: endMin });
      }
      return takenBy;
    });

  /** The free starts of each of a treatment's lanes on a date, in time order. */
  function lanesWithStarts(s: Schedule, t: ScheduleTreatment, takenBy: TakenSlots, date: string, c: BookingClock, doctorId?: string) {
    const clinic = clinicOpen(s, date);
    return lanesOf(s, t, doctorId).map((lane) => ({
      lane,
      starts: freeStarts(laneOpen(s, lane, date, clinic), takenBy.get(lane) ?? [], t.durationMin, date, c),
    }));
  }

  /** Every start any lane of the treatment offers, once, in time order. */
  function startsOf(s: Schedule, t: ScheduleTreatment, takenBy: TakenSlots, date: string, c: BookingClock): number[] {
    const all = new Set(lanesWithStarts(s, t, takenBy, date, c).flatMap((l) => l.starts));
    return [...all].sort((a, b) => a - b);
  }

  function availableFrom(s: Schedule, takenBy: TakenSlots, date: string): TreatmentAvailability[] {
    const c = clock();
    return bookableTreatments(s).map((t) => ({
      _id: t.id,
      name: t.name,
      slots: startsOf(s, t, takenBy, date, c).map((start) => slotLabel(start, start + t.durationMin)),
      price: dollars(t.priceCents),
    }));
  }

  const doctorNames = (s: Schedule) => (id: string) => s.doctors.get(id)?.name;

  /** Checks a request against the schedule and the clock; answers what the write needs. */
  function prepare(
    s: Schedule,
    caller: Pick<Caller, 'userId' | 'email' | 'name'>,
    input: CreateBookingInput,
  ): { request: WriteRequest; treatment: ScheduleTreatment } {
    const treatment = s.treatments.find((t) => t.id === input.treatmentId && t.active);
    if (!treatment) {
      throw new AppError(ErrorCode.VALIDATION, 'There is no such treatment.', {
        errors: { treatmentId: ['There is no such treatment'] },
      });
    }
    const startMin = slotStartMinutes(input.slot);
    const endMin = startMin === null ? null : startMin + treatment.durationMin;
    if (startMin === null || endMin === null || startMin % 30 !== 0 || endMin > 24 * 60 || slotLabel(startMin, endMin) !== input.slot) {
      throw new AppError(ErrorCode.VALIDATION, `${treatment.name} has no slot ${input.slot}.`, {
        errors: { slot: ['Choose one of the treatment’s slots'] },
      });
    }
    if (input.doctorId !== undefined && lanesOf(s, treatment, input.doctorId).length === 0) {
      const message = treatment.requiresDoctor
        ? `That doctor does not perform ${treatment.name}; choose one who does, or any available doctor.`
        : `${treatment.name} is booked without choosing a doctor.`;
      throw new AppError(ErrorCode.VALIDATION, message, { errors: { doctorId: [message] } });
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
    if (!isStartOpen(input.date, startMin, c)) {
      const message = 'That slot has already started; choose a later one.';
      throw new AppError(ErrorCode.VALIDATION, message, { errors: { slot: [message] } });
    }
    const clinic = clinicOpen(s, input.date);
    const range: Span = { start: startMin, end: endMin };
    const fits = (open: Span[]) => open.some((o) => o.start <= range.start && range.end <= o.end);
    const lanes = lanesOf(s, treatment, input.doctorId).filter((lane) => fits(laneOpen(s, lane, input.date, clinic)));
    if (lanes.length === 0) {
      const message = clinic.length === 0
        ? `The clinic is closed on ${input.date}; choose another day.`
        : `${treatment.name} is not offered at ${input.slot} on ${input.date}; choose one of the day’s slots.`;
      throw new AppError(ErrorCode.VALIDATION, message, { errors: { slot: [message] } });
    }
    return {
      treatment,
      request: {
        treatmentId: treatment.id,
        treatmentName: treatment.name,
        date: input.date,
        slot: input.slot,
        startMin,
        endMin,
        lanes,
        laneSet: lanesOf(s, treatment),
        scheduleVersion: s.version,
        patientId: caller.userId,
        patientEmail: caller.email,
        patientName: caller.name,
        phone: input.phone,
        priceCents: treatment.priceCents,
      },
    };
  }

  /**
   * History entries, stamped by the database when written (the order they happened in, across
   * instances and modules: payments and refunds write theirs too).
   */
  const recordEvents = insertBookingEvents;

  /** Answers for rows: doctors' names, deadlines and refunds, read once for all of them. */
  async function dtos(rows: BookingRow[]): Promise<Booking[]> {
    if (rows.length === 0) return [];
    const [s, summaries] = await Promise.all([schedule.get(), refunds.summaries(rows.map((r) => r.id))]);
    const at = now();
    return rows.map((row) => {
      const refund = summaries.get(row.id);
      return toBookingDto(row, { doctorName: doctorNames(s), now: at, lifecycle, refund: refund ? { status: refund.status, amount: refund.amount } : null });
    });
  }

  /**
   * The doctor the front desk's list is filtered to: the one asked for, or for a doctor their own
   * lane (another doctor's is a 403; an account linked to no doctor has no lane).
   */
  function laneFilter(caller: Caller, asked: string | undefined): string | undefined {
    if (scopeOf(caller, 'laneAppointments') !== 'ownLane') return asked;
    if (!caller.doctorId) throw new AppError(ErrorCode.FORBIDDEN, 'Your account is not linked to a doctor yet: ask the clinic’s admin.');
    if (asked && asked !== caller.doctorId) throw new AppError(ErrorCode.FORBIDDEN, 'You can only see your own appointments.');
    return caller.doctorId;
  }

  /**
   * The caller's own booking, or another patient's within the caller's `patientBookings` reach
   * (any for the front desk and the owner, a doctor's own lane's); anything else is a 404, never a 403.
   */
  async function visible(caller: Caller, id: string): Promise<BookingRow> {
    const row = isUuid(id) ? await findBooking(db, id) : null;
    if (!row || (row.patientId !== caller.userId && !reachesLane(caller, 'patientBookings', row.doctorId))) {
      throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
    }
    return row;
  }

  function assertConfirmed(row: BookingRow) {
    if (row.status !== 'confirmed') {
      const what = row.status === 'cancelled' ? 'was cancelled' : row.status === 'completed' ? 'has taken place' : 'was marked as missed';
      throw new AppError(ErrorCode.BOOKING_NOT_MODIFIABLE, `This appointment ${what}; it cannot be changed.`, { extra: { bookingStatus: row.status } });
    }
  }

  function windowClosed(code: ErrorCode, deadline: Date | null, verb: 'cancelled' | 'moved') {
    const phone = lifecycle.clinicPhone ? ` Please call ${lifecycle.clinicPhone}.` : ' Please call the clinic.';
    const message = deadline === null
      ? `Appointments cannot be ${verb} online.${phone}`
      : `Changes close ${code === ErrorCode.CANCEL_WINDOW_CLOSED ? lifecycle.cancelNoticeHours : lifecycle.rescheduleNoticeHours} hours before your appointment.${phone}`;
    return new AppError(code, message, { extra: { deadline: deadline?.toISOString() ?? null, clinicPhone: lifecycle.clinicPhone } });
  }

  /** One change of one booking: its row locked; a patient may only touch their own (else 404). */
  async function changeBooking<T>(caller: Caller, id: string, actor: 'patient' | 'admin', change: (work: UnitOfWork, row: BookingRow) => Promise<T>): Promise<T> {
    if (!isUuid(id)) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
    return inTransaction(db, async (work) => {
      const row = await lockBookingRow(work.tx, id);
      if (!row || (actor === 'patient' && row.patientId !== caller.userId)) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      return change(work, row);
    });
  }

  const release = createRelease({ cache, mail, refunds, payments, waitlist, lifecycle, events, now });

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
      if (actor === 'patient' && current.patientId !== caller.userId) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      assertConfirmed(current);
      const { request, treatment } = prepare(
        s,
        { userId: current.patientId ?? '', email: current.patientEmail, name: current.patientName },
        { treatmentId: current.treatmentId, date: input.date, slot: input.slot, phone: current.phone, doctorId: input.doctorId },
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
          if (deadline === null || now() >= deadline) throw windowClosed(ErrorCode.RESCHEDULE_WINDOW_CLOSED, deadline, 'moved');
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

  /** A patient booking online must have confirmed the address first, when REQUIRE_EMAIL_VERIFICATION says so. */
  function assertMayBookOnline(caller: Caller) {
    if (requireEmailVerification === 'booking' && !caller.emailVerified) {
      throw new AppError(
        ErrorCode.EMAIL_UNVERIFIED,
        `Please confirm your email address first: follow the link we sent to ${caller.email}, then book again.`,
        { extra: { email: caller.email } },
      );
    }
  }

  /** Checks and writes one booking for `patient`; a schedule change meanwhile means checking again. */
  async function book(patient: Pick<Caller, 'userId' | 'email' | 'name'>, input: CreateBookingInput, via: 'online' | 'admin' | 'waitlist') {
    for (let attempt = 0; ; attempt++) {
      const s = await schedule.get();
      const { request, treatment } = prepare(s, patient, input);
      const outcome = await writer.write({ ...request, createdVia: via });
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

  return {
    async available(date: string): Promise<TreatmentAvailability[]> {
      const [s, entry] = await Promise.all([schedule.get(), entryOf(date)]);
      return availableFrom(s, entry.taken, date);
    },

    /**
     * `available(date)` as JSON bytes: the answer depends only on the schedule, the date's
     * bookings and the clock's day and minute, and is serialized once per such state.
     */
    async availableJson(date: string): Promise<Buffer> {
      const c = clock();
      assertNearWindow(date, c);
      const [s, entry] = await Promise.all([schedule.get(), entryOf(date)]);
      const clockKey = `${s.version}|${c.today}|${date === c.today ? c.minutesNow : ''}`;
      return cache.answer(entry, clockKey, () => Buffer.from(JSON.stringify(availableFrom(s, entry.taken, date))));
    },

    async services(): Promise<{ _id: string; name: string }[]> {
      return bookableTreatments(await schedule.get()).map((t) => ({ _id: t.id, name: t.name }));
    },

    /** One treatment's free times on a date, per lane (`GET /api/availability`). */
    async availability(date: string, treatmentId: string, doctorId?: string, exclude?: { caller: Caller; bookingId: string }): Promise<Availability> {
      assertNearWindow(date, clock());
      const [s, entry] = await Promise.all([schedule.get(), entryOf(date)]);
      let taken = entry.taken;
      if (exclude) {
        // The caller's own booking, being moved: its time counts as free (E!A's exclude_appointment_id).
        const own = await visible(exclude.caller, exclude.bookingId);
        if (own.date === date && own.status === 'confirmed') {
          taken = new Map(taken);
          taken.set(own.laneId, (taken.get(own.laneId) ?? []).filter((t) => !(t.start === own.startMin && t.end === own.endMin)));
        }
      }
      const t = s.treatments.find((x) => x.id === treatmentId && x.active);
      if (!t) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such treatment.');
      if (doctorId !== undefined && lanesOf(s, t, doctorId).length === 0) {
        throw new AppError(ErrorCode.NOT_FOUND, `That doctor does not perform ${t.name}.`);
      }
      return {
        date,
        treatment: { _id: t.id, name: t.name, durationMin: t.durationMin, requiresDoctor: t.requiresDoctor },
        lanes: lanesWithStarts(s, t, taken, date, clock(), doctorId).map(({ lane, starts }) => {
          const doctor = s.doctors.get(lane);
          return {
            doctor: doctor ? { _id: doctor.id, name: doctor.name, img: doctor.img } : null,
            slots: starts.map((start) => ({ label: slotLabel(start, start + t.durationMin), startMin: start, endMin: start + t.durationMin })),
          };
        }),
      };
    },

    /** Which days of a range are open, and how many starts are free on each (`GET /api/calendar`). */
    async calendar(from: string, to: string, treatmentId?: string): Promise<CalendarDay[]> {
      const s = await schedule.get();
      const treatments = bookableTreatments(s).filter((t) => treatmentId === undefined || t.id === treatmentId);
      if (treatmentId !== undefined && treatments.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such treatment.');
      const c = clock();
      if (to < c.publicFrom || from > c.publicTo) throw outsidePublicDays('from', c);
      return Promise.all(
        eachDay(from, to, CALENDAR_MAX_DAYS).map(async (date) => {
          const open = treatments.some((t) => lanesOf(s, t).some((lane) => laneOpen(s, lane, date).length > 0));
          if (!open || judgeDate(date, c) !== 'bookable') return { date, open, free: 0 };
          const { taken } = await entryOf(date);
          return { date, open, free: treatments.reduce((n, t) => n + startsOf(s, t, taken, date, c).length, 0) };
        }),
      );
    },

    /** The doctors patients may choose, without their email (`GET /api/doctors/public`). */
    async publicDoctors(treatmentId?: string): Promise<PublicDoctor[]> {
      const [s, ratings] = await Promise.all([schedule.get(), deps.doctorRatings?.() ?? new Map<string, { average: number; count: number }>()]);
      const active = bookableTreatments(s);
      return [...s.doctors.values()]
        .filter((d) => d.active)
        .map((d) => ({
          _id: d.id,
          name: d.name,
          img: d.img,
          bio: d.bio,
          treatments: active.filter((t) => t.doctorIds.includes(d.id)).map((t) => t.id),
          rating: ratings.get(d.id) ?? null,
        }))
        .filter((d) => treatmentId === undefined || d.treatments.includes(treatmentId));
    },

    /** A waiting patient claims an offered time: the ordinary booking path and its gates, recorded as `waitlist`. */
    async bookFromWaitlist(caller: Caller, input: CreateBookingInput) {
      assertMayBookOnline(caller);
      return book(caller, input, 'waitlist');
    },

    /**
     * The free starts of treatments' lanes on a date, read from the database now rather than
     * this instance's caches (the waitlist's matcher may run before this instance has heard of
     * the cancellation that queued it); `reader` is the caller's transaction.
     */
    async freeTimesFresh(reader: Db, date: string, treatmentIds: readonly string[]) {
      const s = await loadSchedule(reader, now(), timeZone);
      const takenBy: TakenSlots = new Map();
      for (const { laneId, startMin, endMin } of await takenSlotsOn(reader, date)) {
        let list = takenBy.get(laneId);
        if (!list) takenBy.set(laneId, (list = []));
        list.push({ start: startMin, end: endMin });
      }
      const c = clock();
      const result = new Map<string, { treatment: ScheduleTreatment; lanes: { lane: string; doctor: { id: string; name: string } | null; starts: number[] }[] }>();
      for (const id of treatmentIds) {
        const t = s.treatments.find((x) => x.id === id && x.active);
        if (!t) continue;
        result.set(id, {
          treatment: t,
          lanes: lanesWithStarts(s, t, takenBy, date, c).map(({ lane, starts }) => {
            const doctor = s.doctors.get(lane);
            return { lane, doctor: doctor ? { id: doctor.id, name: doctor.name } : null, starts };
          }),
        });
      }
      return result;
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

    async create(caller: Caller, input: CreateBookingInput) {
      if (input.patient !== undefined && input.patient.trim().toLowerCase() !== caller.email) {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only book for yourself.');
      }
      assertMayBookOnline(caller);
      return book(caller, input, 'online');
    },

    async listOwn(caller: Caller, patient: string, include?: 'cancelled'): Promise<Booking[]> {
      const scope = patient === caller.email ? 'all' : scopeOf(caller, 'patientBookings');
      if (scope === 'none') {
        throw new AppError(ErrorCode.FORBIDDEN, 'You can only see your own bookings.');
      }
      // Bookings belong to the account, not to the address: one made under this address by an
      // account since removed is never the caller's.
      const withCancelled = include === 'cancelled';
      const patientId = patient === caller.email ? caller.userId : await findPatientIdByEmail(db, patient);
      const all = patientId === null ? [] : await listBookingsOf(db, patientId, withCancelled);
      // A doctor sees the patient's bookings on their own lane only.
      const rows = scope === 'all' ? all : all.filter((b) => reachesLane(caller, 'patientBookings', b.doctorId));
      // Staff reading someone else's data leave a trace, as admin writes do: one entry per
      // request with its filter, not one per row. It names the account read by id (its export
      // lists it so), or the address asked for when no account has it.
      if (patient !== caller.email) {
        await recordAudit(db, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'booking.read-list',
          target: patientId ?? patient,
          detail: { count: rows.length, role: caller.role, ...(withCancelled ? { include } : {}) },
        });
      }
      return dtos(rows);
    },

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
     * the dates changed; a paid one is refunded in full (the refund worker asks the processor
     * after the commit).
     */
    async cancelByClinic(work: UnitOfWork, ids: string[], reason: string, caller: Caller): Promise<BookingRow[]> {
      const released = await release(work, ids, { cause: 'clinic', actor: actorOf(caller, 'admin'), reason });
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

    /**
     * One doctor's patients on a date (`GET /api/staff/day`), by start time, cancelled bookings
     * left out; who may ask is the staff module's. The patient's name and phone are the booking's.
     */
    async doctorDay(doctorId: string, date: string): Promise<StaffDayItem[]> {
      return (await listDoctorDay(db, doctorId, date)).map((row) => ({
        booking: { _id: row.id, start: row.startsAt.toISOString(), end: row.endsAt.toISOString(), slot: row.slot, treatment: row.treatmentName, status: row.status },
        patient: { name: row.patientName, phone: row.phone },
      }));
    },

    /** One booking with its history: the caller's own, or any for an admin. Anything else is a 404, never a 403. */
    async getOne(caller: Caller, id: string): Promise<BookingDetail> {
      const row = await visible(caller, id);
      if (row.patientId !== caller.userId) {
        await recordAudit(db, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.read', target: row.id, detail: { role: caller.role } });
      }
      const [dto] = await dtos([row]);
      const events = await listBookingEvents(db, row.id);
      return {
        ...dto!,
        events: events.map((e) => ({ _id: e.id, at: e.at.toISOString(), actor: e.actorKind, type: e.type, data: e.data })),
      };
    },

    /** The booking's calendar file (UID = its id, SEQUENCE = its version): the owner's only. */
    async icsOf(caller: Caller, id: string): Promise<string> {
      const row = isUuid(id) ? await findBooking(db, id) : null;
      if (!row || row.patientId !== caller.userId) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
      return mail.calendarOf(row);
    },

    /**
     * The patient cancels (design sections 2.4, 5.1, 5.3): their own confirmed booking, before
     * the notice deadline, at most 5 times in 10 minutes. In one transaction under the row lock:
     * the status, the history, the refund of a paid booking (REFUND_ON_PATIENT_CANCEL), the mail
     * with a calendar CANCEL, and every instance told the time is free.
     */
    async cancel(caller: Caller, id: string, reason?: string) {
      const [limited] = await rateLimit.limiter.consumeEach([`booking-cancel:${caller.userId}`], { max: 5, windowSeconds: 600 });
      if (limited) throw limited;
      return changeBooking(caller, id, 'patient', async (work, row) => {
        assertConfirmed(row);
        const deadline = deadlineOf(row.startsAt, lifecycle.cancelNoticeHours);
        if (deadline === null || now() >= deadline) throw windowClosed(ErrorCode.CANCEL_WINDOW_CLOSED, deadline, 'cancelled');
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

    /** A row as the API answers it. */
    async asDto(row: BookingRow): Promise<Booking> {
      return (await dtos([row]))[0]!;
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
        await recordEvents(
          tx,
          done.map((b) => ({ bookingId: b.id, actorKind: 'system' as const, actorId: null, type: 'status' as const, data: { from: 'confirmed', to: 'completed', auto: true } })),
        );
        return done.length;
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
        await recordEvents(tx, [{ bookingId: row.id, actorKind: 'admin', actorId: caller.userId, type: 'status', data: { from: row.status, to: status, ...(note ? { note } : {}) } }]);
        await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.status', target: row.id, detail: { from: row.status, to: status } });
        return { booking: updated };
      }).then((r) => r.booking);
    },

    /**
     * The front desk's list (design section 3.4): a date range with filters, in (starts_at, id)
     * order, one page at a time (keyset: `nextCursor`); one audit entry per request, with its filter.
     */
    async adminList(caller: Caller, query: AdminListQuery, audit: 'audit' | 'no-audit' = 'audit'): Promise<AdminBookingsPage> {
      const q = { ...query, doctorId: laneFilter(caller, query.doctorId) };
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      const rows = await listBookingsForAdmin(db, { ...q, after, limit: q.limit + 1 });
      const page = rows.slice(0, q.limit);
      if (audit === 'audit') {
        await recordAudit(db, {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'booking.read-admin-list',
          target: 'bookings',
          detail: { role: caller.role, from: q.from, to: q.to, status: q.status, doctorId: q.doctorId, treatmentId: q.treatmentId, q: q.q, count: page.length },
        });
      }
      const s = await schedule.get();
      const summaries = await refunds.summaries(page.map((r) => r.id));
      const items = (await dtos(page)).map((dto, i) => {
        const row = page[i]!;
        const open = laneOpen(s, row.laneId, row.date, clinicOpen(s, row.date));
        return {
          ...dto,
          patientAccount: { name: row.patientName, email: row.patientEmail, phone: row.phone },
          outsideHours: row.status === 'confirmed' && !open.some((o) => o.start <= row.startMin && row.endMin <= o.end),
          payment: { paid: row.paid, refunded: (summaries.get(row.id)?.refundedCents ?? 0) / 100 },
        };
      });
      const last = page[page.length - 1];
      return { items, nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null };
    },

    /** The same list as CSV (RFC 4180), every page of it, cells guarded against formula injection. */
    async adminCsv(caller: Caller, q: Omit<AdminListQuery, 'cursor' | 'limit'>): Promise<string> {
      const lines = [['Date', 'Time', 'Status', 'Treatment', 'Doctor', 'Patient', 'Email', 'Phone', 'Price', 'Paid', 'Refunded', 'Outside hours', 'Id']];
      let cursor: string | undefined;
      for (let pages = 0; pages < 500; pages++) {
        const page = await this.adminList(caller, { ...q, cursor, limit: 200 }, 'no-audit');
        for (const b of page.items) {
          lines.push([
            b.date, b.slot, b.status, b.treatment, b.doctor?.name ?? '', b.patientAccount.name, b.patientAccount.email,
            b.patientAccount.phone, b.price.toFixed(2), b.paid ? 'yes' : 'no', b.payment.refunded.toFixed(2), b.outsideHours ? 'yes' : 'no', b._id,
          ]);
        }
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      // One export, one entry (ASVS 16.3.2: a read of patient data with its filter).
      await recordAudit(db, {
        actorId: caller.userId,
        actorEmail: caller.email,
        action: 'booking.export-csv',
        target: 'bookings',
        detail: { role: caller.role, from: q.from, to: q.to, status: q.status, doctorId: q.doctorId, treatmentId: q.treatmentId, q: q.q, count: lines.length - 1 },
      });
      return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
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

export interface RescheduleInput {
  date: string;
  slot: string;
  doctorId?: string;
}

export interface AdminListQuery {
  from: string;
  to: string;
  status?: BookingRow['status'];
  doctorId?: string;
  treatmentId?: string;
  q?: string;
  cursor?: string;
  limit: number;
}

/** `"v3"`, `W/"v3"` or `3` -> 3; anything else can match no version. */
function versionOf(ifMatch: string): number {
  const match = /^(?:W\/)?"?v?(\d+)"?$/.exec(ifMatch.trim());
  return match ? Number(match[1]) : -1;
}

/** A page's last (starts_at, id), opaque to clients. */
function encodeCursor(row: BookingRow): string {
  return Buffer.from(`${row.startsAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { startsAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const startsAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(startsAt.getTime())) {
    throw new AppError(ErrorCode.VALIDATION, 'That page cursor is not one this list gave.', { errors: { cursor: ['Not a valid cursor'] } });
  }
  return { startsAt, id };
}
