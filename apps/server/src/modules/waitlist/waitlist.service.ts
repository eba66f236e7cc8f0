/**
 * The waitlist (design section 5.5). Patients wait for a treatment over a date range; when a time
 * frees up (a cancel, a move away, the schedule widened), the `waitlist.match` job offers it to
 * up to WAITLIST_BATCH_SIZE waiting patients, FIFO, those offered in the last 24 hours last. An
 * offer holds nothing: claiming it is an ordinary booking, so the booking path's locks and
 * constraints give the time to exactly one of the claimers (or a patient booking it directly).
 * A minute tick expires offers, supersedes those whose time was booked, offers expired times
 * again when still free, and expires entries whose last day has passed.
 */
import {
  ErrorCode,
  SLOT_TAKEN_MESSAGE,
  slotLabel,
  type WaitlistEntry,
  type WaitlistJoin,
  type WaitlistList,
  type WaitlistOffer,
} from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { BookingService } from '../booking/booking.service.ts';
import { SlotConflictError } from '../booking/booking-rules.ts';
import { bookingClock, judgeDate } from '../booking/slots.ts';
import { instantOf } from '../../lib/clinic-time.ts';
import type { Caller } from '../identity/caller.ts';
import type { MailService } from '../mail/mail.service.ts';
import { lanesOf } from '../schedule/schedule-rules.ts';
import type { ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import {
  closeOpenOffersOf,
  closeStaleOffers,
  datesWithEntries,
  expirePastEntries,
  findOffer,
  insertEntry,
  insertOffers,
  listActiveEntriesOf,
  listAllEntriesOf,
  listEntriesCovering,
  listOpenOffersOf,
  listOpenOffersOn,
  lockEntryOf,
  lockMatcher,
  lockPatientForJoin,
  offeredKeysOn,
  reopenEntryUnlessOffered,
  markEntriesOffered,
  setEntryStatus,
  setOfferStatus,
  supersedeOffersOfTime,
  type EntryRow,
  type OfferRow,
} from './waitlist.repository.ts';

export interface WaitlistSettings {
  /** WAITLIST_OFFER_MINUTES: how long an offer may be claimed. */
  offerMinutes: number;
  /** WAITLIST_BATCH_SIZE: open offers one time may have at once. */
  batchSize: number;
  /** WAITLIST_MAX_ENTRIES: active entries per patient. */
  maxEntries: number;
}

export interface WaitlistDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  windowDays: number;
  schedule: ScheduleSnapshot;
  booking: Pick<BookingService, 'bookFromWaitlist' | 'freeTimesFresh'>;
  mail: Pick<MailService, 'queueWaitlistOffer'>;
  settings: WaitlistSettings;
  /** The patient's phone on file, for a claim that gives none. */
  phoneOf(caller: Caller): Promise<string>;
}

/** An offer closer than this to its time is not made: nobody could act on it. */
const MIN_OFFER_MS = 5 * 60_000;
/** "Prioritize patients who have not recently received a request" (NexHealth). */
const RECENT_OFFER_MS = 24 * 3_600_000;

const duplicate = (treatment: string) => new AppError(ErrorCode.CONFLICT, `You are already on the waitlist for ${treatment}.`);
const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'There is no such waitlist entry.');

export function createWaitlistService(deps: WaitlistDeps) {
  const { db, now, timeZone, windowDays, schedule, booking, mail, settings } = deps;
  const clock = () => bookingClock(now(), timeZone, windowDays);

  function entryDto(entry: EntryRow, treatmentName: string, doctorName: string | null): WaitlistEntry {
    return {
      _id: entry.id,
      treatmentId: entry.treatmentId,
      treatment: treatmentName,
      doctor: entry.doctorId ? { _id: entry.doctorId, name: doctorName ?? '' } : null,
      from: entry.dateFrom,
      to: entry.dateTo,
      earliestMin: entry.earliestMin,
      latestMin: entry.latestMin,
      status: entry.status,
      createdAt: entry.createdAt.toISOString(),
    };
  }

  function offerDto(offer: OfferRow, entry: Pick<EntryRow, 'treatmentId'>, treatmentName: string, doctorName: string | null): WaitlistOffer {
    return {
      _id: offer.id,
      entryId: offer.entryId,
      treatmentId: entry.treatmentId,
      treatment: treatmentName,
      doctor: offer.doctorId ? { _id: offer.doctorId, name: doctorName ?? '' } : null,
      date: offer.date,
      slot: slotLabel(offer.startMin, offer.endMin),
      startsAt: offer.startsAt.toISOString(),
      expiresAt: offer.expiresAt.toISOString(),
      status: offer.status,
    };
  }

  /**
   * Offers the free times of one date to the entries waiting for them. Serialised across
   * instances by an advisory lock; the free times are read in the same transaction from the
   * database, not from this instance's caches.
   */
  async function matchDate(date: string): Promise<number> {
    if (judgeDate(date, clock()) !== 'bookable') return 0;
    return inTransaction(db, async ({ tx }) => {
      await lockMatcher(tx);
      const entries = await listEntriesCovering(tx, date);
      if (entries.length === 0) return 0;
      const free = await booking.freeTimesFresh(tx, date, [...new Set(entries.map((e) => e.entry.treatmentId))]);
      const onDate = await listOpenOffersOn(tx, date);
      const openPerTime = new Map<string, number>();
      for (const o of onDate) openPerTime.set(`${o.laneId}|${o.startMin}`, (openPerTime.get(`${o.laneId}|${o.startMin}`) ?? 0) + 1);
      // Times an entry was offered before on this date (any outcome) are not offered to it again.
      const offeredBefore = await offeredKeysOn(tx, date);
      const at = now();
      const recent = (e: EntryRow) => e.lastOfferedAt !== null && at.getTime() - e.lastOfferedAt.getTime() < RECENT_OFFER_MS;
      const waiting = entries
        .filter((e) => e.entry.status === 'waiting')
        .sort((a, b) => Number(recent(a.entry)) - Number(recent(b.entry)) || a.entry.createdAt.getTime() - b.entry.createdAt.getTime());
      const made: { offer: Omit<OfferRow, 'id' | 'status' | 'createdAt'>; patient: { id: string; email: string; name: string }; treatmentName: string; doctorName: string | null }[] = [];
      for (const { entry, email, name } of waiting) {
        const times = free.get(entry.treatmentId);
        if (!times) continue;
        const laneSet = entry.doctorId ? new Set([entry.doctorId]) : null;
        let best: { lane: string; doctor: { id: string; name: string } | null; start: number; startsAt: Date } | null = null;
        for (const lane of times.lanes) {
          if (laneSet && !laneSet.has(lane.lane)) continue;
          for (const start of lane.starts) {
            if (entry.earliestMin !== null && start < entry.earliestMin) continue;
            if (entry.latestMin !== null && start >= entry.latestMin) continue;
            if ((openPerTime.get(`${lane.lane}|${start}`) ?? 0) >= settings.batchSize) continue;
            if (offeredBefore.has(`${entry.id}|${lane.lane}|${start}`)) continue;
            const startsAt = instantOf(date, start, timeZone);
            if (startsAt.getTime() - at.getTime() < MIN_OFFER_MS) continue;
            if (!best || start < best.start) best = { lane: lane.lane, doctor: lane.doctor, start, startsAt };
            break;
          }
        }
        if (!best) continue;
        const key = `${best.lane}|${best.start}`;
        openPerTime.set(key, (openPerTime.get(key) ?? 0) + 1);
        made.push({
          offer: {
            entryId: entry.id,
            laneId: best.lane,
            doctorId: best.doctor?.id ?? null,
            date,
            startMin: best.start,
            endMin: best.start + times.treatment.durationMin,
            startsAt: best.startsAt,
            expiresAt: new Date(Math.min(at.getTime() + settings.offerMinutes * 60_000, best.startsAt.getTime())),
          },
          patient: { id: entry.patientId, email, name },
          treatmentName: times.treatment.name,
          doctorName: best.doctor?.name ?? null,
        });
      }
      const stored = await insertOffers(tx, made.map((m) => m.offer));
      const storedEntries = new Set(stored.map((o) => o.entryId));
      const sent = made.filter((m) => storedEntries.has(m.offer.entryId));
      await markEntriesOffered(tx, [...storedEntries], at);
      for (const m of sent) {
        await mail.queueWaitlistOffer(tx, {
          patientId: m.patient.id,
          patientEmail: m.patient.email,
          patientName: m.patient.name,
          treatmentName: m.treatmentName,
          date,
          slot: slotLabel(m.offer.startMin, m.offer.endMin),
          doctorName: m.doctorName,
          expiresAt: m.offer.expiresAt,
        });
      }
      return stored.length;
    });
  }

  return {
    async join(caller: Caller, input: WaitlistJoin & { from: string; to: string }): Promise<WaitlistEntry> {
      const s = await schedule.get();
      const treatment = s.treatments.find((t) => t.id === input.treatmentId && t.active);
      if (!treatment) {
        throw new AppError(ErrorCode.VALIDATION, 'There is no such treatment.', { errors: { treatmentId: ['There is no such treatment'] } });
      }
      if (input.doctorId !== undefined && (!treatment.requiresDoctor || lanesOf(s, treatment, input.doctorId).length === 0)) {
        const message = treatment.requiresDoctor ? `That doctor does not perform ${treatment.name}.` : `${treatment.name} is booked without choosing a doctor.`;
        throw new AppError(ErrorCode.VALIDATION, message, { errors: { doctorId: [message] } });
      }
      const c = clock();
      if (input.from < c.today) {
        throw new AppError(ErrorCode.VALIDATION, 'The first day has passed; choose today or a later day.', { errors: { from: ['Choose today or a later day'] } });
      }
      if (input.to > c.lastDay) {
        const message = `Bookings open up to ${windowDays} days ahead; choose an earlier last day.`;
        throw new AppError(ErrorCode.VALIDATION, message, { errors: { to: [message] } });
      }
      const row = await inTransaction(db, async ({ tx }) => {
        // One join at a time per patient: the count below cannot be raced past the limit.
        await lockPatientForJoin(tx, caller.userId);
        const active = await listActiveEntriesOf(tx, caller.userId);
        if (active.some((e) => e.entry.treatmentId === treatment.id)) throw duplicate(treatment.name);
        if (active.length >= settings.maxEntries) {
          throw new AppError(
            ErrorCode.WAITLIST_LIMIT,
            `You are already on ${settings.maxEntries} waitlists, the most one patient may be. Leave one to join another.`,
          );
        }
        return insertEntry(tx, {
          patientId: caller.userId,
          treatmentId: treatment.id,
          doctorId: input.doctorId ?? null,
          dateFrom: input.from,
          dateTo: input.to,
          earliestMin: input.earliestMin ?? null,
          latestMin: input.latestMin ?? null,
        });
      }).catch((error: unknown) => {
        // The unique index is the last word, should two joins pass the check at once.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw duplicate(treatment.name);
        throw error;
      });
      return entryDto(row, treatment.name, input.doctorId ? (s.doctors.get(input.doctorId)?.name ?? null) : null);
    },

    async list(caller: Caller): Promise<WaitlistList> {
      const entries = await listActiveEntriesOf(db, caller.userId);
      const offers = await listOpenOffersOf(db, entries.map((e) => e.entry.id));
      const at = now().getTime();
      return entries.map(({ entry, treatmentName, doctorName }) => ({
        entry: entryDto(entry, treatmentName, doctorName),
        offers: offers
          .filter((o) => o.offer.entryId === entry.id && o.offer.expiresAt.getTime() > at)
          .map((o) => offerDto(o.offer, entry, treatmentName, o.doctorName)),
      }));
    },

    /** Leaves the waitlist: the entry is cancelled and its open offers close. */
    async leave(caller: Caller, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      await inTransaction(db, async ({ tx }) => {
        const entry = await lockEntryOf(tx, id, caller.userId);
        if (!entry) throw notFound();
        if (entry.status !== 'waiting' && entry.status !== 'offered') return;
        await setEntryStatus(tx, id, 'cancelled');
        await closeOpenOffersOf(tx, [id], 'superseded');
      });
    },

    /**
     * Books an offered time through the ordinary booking path: the first claimer (or anyone
     * booking it directly) wins; the others get 409 slot_taken and wait on.
     */
    async claim(caller: Caller, offerId: string, phone: string | undefined) {
      const found = isUuid(offerId) ? await findOffer(db, offerId) : undefined;
      if (!found || found.entry.patientId !== caller.userId) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such offer.');
      const { offer, entry } = found;
      if (offer.status === 'claimed') throw new AppError(ErrorCode.CONFLICT, 'You have booked this time already; see My Appointments.');
      if (offer.status === 'expired' || offer.expiresAt.getTime() <= now().getTime()) {
        throw new AppError(ErrorCode.OFFER_EXPIRED, 'This offer has expired. You can still book the time from Appointment if it is free.');
      }
      if (offer.status === 'superseded') throw new AppError(ErrorCode.SLOT_TAKEN, SLOT_TAKEN_MESSAGE);
      try {
        const result = await booking.bookFromWaitlist(
          caller,
          {
            treatmentId: entry.treatmentId,
            date: offer.date,
            slot: slotLabel(offer.startMin, offer.endMin),
            phone: phone ?? (await deps.phoneOf(caller)),
            ...(offer.doctorId ? { doctorId: offer.doctorId } : {}),
          },
        );
        // The booking closed the entry and its offers (in its transaction); this one was claimed.
        await setOfferStatus(db, offer.id, 'claimed');
        await supersedeOffersOfTime(db, offer);
        return result;
      } catch (error) {
        const takenByOther = error instanceof SlotConflictError && error.heldBy === 'another';
        if (!takenByOther) throw error;
        await inTransaction(db, async ({ tx }) => {
          await setOfferStatus(tx, offer.id, 'superseded');
          await reopenEntryUnlessOffered(tx, entry.id);
        });
        throw new AppError(ErrorCode.SLOT_TAKEN, SLOT_TAKEN_MESSAGE);
      }
    },

    /** A patient's entries, any status, as their data export lists them. */
    async exportOf(patientId: string) {
      return (await listAllEntriesOf(db, patientId)).map(({ entry, treatmentName }) => ({
        treatment: treatmentName,
        from: entry.dateFrom,
        to: entry.dateTo,
        status: entry.status,
        createdAt: entry.createdAt.toISOString(),
      }));
    },

    /** `waitlist.match`: one date's free times offered, or every date some entry waits on. */
    async match(payload: { date?: unknown }): Promise<number> {
      if (typeof payload.date === 'string') return matchDate(payload.date);
      const c = clock();
      let made = 0;
      for (const date of await datesWithEntries(db, c.today, c.lastDay)) made += await matchDate(date);
      return made;
    },

    /** `tick.expire-offers`: expired and overtaken offers close; expired times are offered again if still free. */
    async expireTick(): Promise<void> {
      const at = now();
      const { expiredDates } = await inTransaction(db, async ({ tx }) => {
        await lockMatcher(tx);
        const result = await closeStaleOffers(tx, at);
        await expirePastEntries(tx, clock().today);
        return result;
      });
      for (const date of expiredDates) await matchDate(date);
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
