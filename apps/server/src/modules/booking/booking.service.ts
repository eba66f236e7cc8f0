/**
 * Availability and booking rules. The server decides the patient (from the token), the name and
 * the price (from the treatment); the client's copies are ignored or must match.
 */
import {
  ErrorCode,
  paymentModeOf,
  slotLabel,
  slotStartMinutes,
  type Availability,
  type Booking,
  type CalendarDay,
  type PublicDoctor,
  type TreatmentAvailability,
} from '@clinic/shared';
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
  cancelConfirmed,
  isReferenced,
  listConfirmedFrom,
  setBookingDoctor,
  scheduleVersionNow,
  type ConfirmedFilter,
  takenSlotsOn,
  type BookingRow,
  type HolderScope,
  type LaneDay,
  type NewBooking,
} from './booking.repository.ts';
import { bookableTreatments, clinicOpen, laneOpen, lanesOf, type Schedule, type ScheduleTreatment } from '../schedule/schedule-rules.ts';
import type { ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import type { AvailabilityCache, TakenSlots } from './availability-cache.ts';
import { notifyAvailabilityChanged } from './availability-channel.ts';
import { dayKey, decideBatch, refusalError, type SlotHolder } from './booking-rules.ts';
import { createFastWriter, createPlainWriter, type BatchResult, type FastWriterOptions, type WriteOutcome } from './booking-writer.ts';
import { addDays } from '@clinic/shared';
import { bookingClock, freeStarts, instantOf, isStartOpen, judgeDate, type BookingClock, type Span } from './slots.ts';

const dollars = (cents: number) => cents / 100;

export function toBookingDto(row: BookingRow, doctorName?: (id: string) => string | undefined): Booking {
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
    doctor: row.doctorId ? { _id: row.doctorId, name: doctorName?.(row.doctorId) ?? '' } : null,
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

export interface BookingServiceDeps {
  db: Db;
  cache: AvailabilityCache;
  /** Treatments, doctors, hours and closures, kept in memory and dropped on every change. */
  schedule: ScheduleSnapshot;
  mail: Pick<MailService, 'queueBookingConfirmations' | 'queueClinicCancellations'>;
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
  const { db, cache, schedule, mail, now, timeZone, windowDays, batching, fastPaths, maxActiveBookings, rateLimit, requireEmailVerification } = deps;
  const clock = () => bookingClock(now(), timeZone, windowDays);
  const laneDaysOf = (r: WriteRequest): LaneDay[] => r.lanes.map((laneId) => ({ laneId, date: r.date }));
  /**
   * The write: requests refused by the per-account request limit first, then one transaction
   * that locks the requests' lanes and patients (and the schedule, shared), checks the schedule
   * they were decided on is still the current one, reads the holders of their treatments' days
   * and the patients' counts, lets the rules decide, inserts the winners, tells every instance
   * their dates changed and queues the confirmation mails. Answers one outcome per request, in
   * order.
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
        const version = await scheduleVersionNow(tx);
        const current = admitted.filter((r) => r.scheduleVersion === version);
        const decision = decideBatch(current, {
          held: await listHoldersOn(tx, scopes),
          activeCounts: await countActiveBookingsFrom(tx, patients, clock().today),
          maxActive: maxActiveBookings,
        });
        const inserted = await insertBookings(
          tx,
          decision.winners.map(({ request, lane }) => {
            const { lanes: _lanes, laneSet: _laneSet, scheduleVersion: _version, ...row } = request;
            return {
              ...row,
              doctorId: lane === request.treatmentId ? null : lane,
              startsAt: instantOf(request.date, request.startMin, timeZone),
              endsAt: instantOf(request.date, request.endMin, timeZone),
            };
          }),
        );
        const changedDates = new Set(inserted.map((row) => row.date));
        if (inserted.length > 0) {
          await notifyAvailabilityChanged(tx, changedDates);
          await mail.queueBookingConfirmations(tx, inserted);
          // This instance's next answer must show them (others hear through NOTIFY).
          afterCommit(() => changedDates.forEach((date) => cache.invalidate(date)));
        }
        // (lane, date, start) is unique among the winners: it pairs each request with its row.
        const timeKey = (lane: string, date: string, start: number) => `${lane}|${date}|${start}`;
        const rows = new Map(inserted.map((row) => [timeKey(row.laneId, row.date, row.startMin), row]));
        const laneOf = new Map(decision.winners.map(({ request, lane }) => [request, lane]));
        const refusalOf = new Map(current.map((r, i) => [r, decision.refusals[i]]));
        const changed = new Set(decision.winners.map(({ request }) => dayKey(request)));
        return {
          decided: admitted.map((r): WriteOutcome<BookingRow> => {
            if (r.scheduleVersion !== version) return { scheduleChanged: true };
            return refusalOf.get(r) ?? { booking: rows.get(timeKey(laneOf.get(r)!, r.date, r.startMin))! };
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
  function prepare(s: Schedule, caller: Caller, input: CreateBookingInput): { request: WriteRequest; treatment: ScheduleTreatment } {
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
      const [s, entry] = await Promise.all([schedule.get(), entryOf(date)]);
      const c = clock();
      const clockKey = `${s.version}|${c.today}|${date === c.today ? c.minutesNow : ''}`;
      return cache.answer(entry, clockKey, () => Buffer.from(JSON.stringify(availableFrom(s, entry.taken, date))));
    },

    async services(): Promise<{ _id: string; name: string }[]> {
      return bookableTreatments(await schedule.get()).map((t) => ({ _id: t.id, name: t.name }));
    },

    /** One treatment's free times on a date, per lane (`GET /api/availability`). */
    async availability(date: string, treatmentId: string, doctorId?: string): Promise<Availability> {
      const [s, entry] = await Promise.all([schedule.get(), entryOf(date)]);
      const t = s.treatments.find((x) => x.id === treatmentId && x.active);
      if (!t) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such treatment.');
      if (doctorId !== undefined && lanesOf(s, t, doctorId).length === 0) {
        throw new AppError(ErrorCode.NOT_FOUND, `That doctor does not perform ${t.name}.`);
      }
      return {
        date,
        treatment: { _id: t.id, name: t.name, durationMin: t.durationMin, requiresDoctor: t.requiresDoctor },
        lanes: lanesWithStarts(s, t, entry.taken, date, clock(), doctorId).map(({ lane, starts }) => {
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
      const dates: string[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
      return Promise.all(
        dates.map(async (date) => {
          const open = treatments.some((t) => lanesOf(s, t).some((lane) => laneOpen(s, lane, date).length > 0));
          if (!open || judgeDate(date, c) !== 'bookable') return { date, open, free: 0 };
          const { taken } = await entryOf(date);
          return { date, open, free: treatments.reduce((n, t) => n + startsOf(s, t, taken, date, c).length, 0) };
        }),
      );
    },

    /** The doctors patients may choose, without their email (`GET /api/doctors/public`). */
    async publicDoctors(treatmentId?: string): Promise<PublicDoctor[]> {
      const s = await schedule.get();
      const active = bookableTreatments(s);
      return [...s.doctors.values()]
        .filter((d) => d.active)
        .map((d) => ({ _id: d.id, name: d.name, img: d.img, bio: d.bio, treatments: active.filter((t) => t.doctorIds.includes(d.id)).map((t) => t.id) }))
        .filter((d) => treatmentId === undefined || d.treatments.includes(treatmentId));
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
      // A schedule change between the checks and the transaction: check again against the new
      // schedule (this instance may not have heard of it yet, so it reads it afresh).
      for (let attempt = 0; ; attempt++) {
        const s = await schedule.get();
        const { request, treatment } = prepare(s, caller, input);
        const outcome = await writer.write(request);
        if (outcome instanceof Error) throw outcome;
        if ('scheduleChanged' in outcome) {
          if (attempt >= 3) throw new AppError(ErrorCode.UNAVAILABLE, 'The clinic’s schedule is changing; please try again.');
          schedule.reset();
          continue;
        }
        if (!('booking' in outcome)) throw refusalError(request, treatment.name, outcome);
        return { success: true as const, booking: toBookingDto(outcome.booking, doctorNames(s)) };
      }
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
      const names = doctorNames(await schedule.get());
      return rows
        .sort((a, b) => a.date.localeCompare(b.date) || a.startMin - b.startMin)
        .map((row) => toBookingDto(row, names));
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
        isStartOpen(b.date, b.startMin, c) || (b.date > c.lastDay),
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
     * the dates changed. Refunds of paid ones are the lifecycle's (issue 16): until then a paid
     * booking cancelled here keeps its payment on record for staff to refund by hand.
     */
    async cancelByClinic({ tx, afterCommit }: UnitOfWork, ids: string[], reason: string): Promise<BookingRow[]> {
      const cancelled = await cancelConfirmed(tx, ids);
      const dates = new Set(cancelled.map((b) => b.date));
      await notifyAvailabilityChanged(tx, dates);
      await mail.queueClinicCancellations(tx, cancelled, reason);
      afterCommit(() => dates.forEach((date) => cache.invalidate(date)));
      return cancelled;
    },

    /** Puts bookings on a doctor, or back on their treatment's own queue; runs in `tx` (the exclusion constraint checks). */
    async setDoctors(tx: Db, moves: { id: string; doctorId: string | null }[]): Promise<void> {
      for (const move of moves) await setBookingDoctor(tx, move.id, move.doctorId);
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
      return toBookingDto(row, doctorNames(await schedule.get()));
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
