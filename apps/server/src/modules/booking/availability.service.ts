/**
 * What patients see before booking: the free times of each treatment on a day (`/api/available`,
 * `/api/availability`), the open days of a range (`/api/calendar`) and the doctors to choose from;
 * read from the schedule snapshot and this instance's cache of taken times, which every
 * instance drops when a booking changes (availability-channel.ts).
 */
import { CALENDAR_MAX_DAYS, eachDay, ErrorCode, slotLabel, type Availability, type CalendarDay, type PublicDoctor, type TreatmentAvailability } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { bookableTreatments, clinicOpen, laneOpen, lanesOf, type Schedule, type ScheduleTreatment } from '../schedule/schedule-rules.ts';
import { loadSchedule, type ScheduleSnapshot } from '../schedule/schedule-snapshot.ts';
import type { AvailabilityCache, DateEntry, TakenSlots } from './availability-cache.ts';
import { takenSlotsOn, type BookingRow } from './booking.repository.ts';
import { dollars } from './booking-dto.ts';
import { assertNearWindow, outsidePublicDays } from './booking-rules.ts';
import { bookingClock, freeStarts, isNearWindow, judgeDate, type BookingClock } from './slots.ts';

export interface AvailabilityDeps {
  db: Db;
  cache: AvailabilityCache;
  schedule: ScheduleSnapshot;
  /** Doctors' published ratings, shown where patients choose a doctor (the reviews module's). */
  doctorRatings?: () => Promise<ReadonlyMap<string, { average: number; count: number }>>;
  now: () => Date;
  timeZone: string;
  windowDays: number;
}

export function createAvailability(deps: AvailabilityDeps) {
  const { db, cache, schedule, now, timeZone, windowDays } = deps;
  const clock = () => bookingClock(now(), timeZone, windowDays);

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

  /** The date's answer as JSON bytes, rendered once per schedule version, date entry and clock state. */
  function answerOf(s: Schedule, entry: DateEntry, date: string, c: BookingClock): Buffer {
    const clockKey = `${s.version}|${c.today}|${date === c.today ? c.minutesNow : ''}`;
    return cache.answer(entry, clockKey, () => Buffer.from(JSON.stringify(availableFrom(s, entry.taken, date))));
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
      return answerOf(s, entry, date, c);
    },

    /**
     * `availableJson(date)` when the schedule and the date's taken times are already in memory,
     * else undefined (nothing is loaded, nothing thrown: the caller asks `availableJson`). The
     * same bytes, from the same cache, for the front door (plugins/front-door.ts).
     */
    readyJson(date: string): Buffer | undefined {
      const s = schedule.peek();
      const entry = s && cache.peek(date);
      if (!entry) return undefined;
      const c = clock();
      return isNearWindow(date, c) ? answerOf(s, entry, date, c) : undefined;
    },

    async services(): Promise<{ _id: string; name: string }[]> {
      return bookableTreatments(await schedule.get()).map((t) => ({ _id: t.id, name: t.name }));
    },

    /** One treatment's free times on a date, per lane (`GET /api/availability`). */
    async availability(date: string, treatmentId: string, doctorId?: string, own?: BookingRow): Promise<Availability> {
      assertNearWindow(date, clock());
      const [s, entry] = await Promise.all([schedule.get(), entryOf(date)]);
      let taken = entry.taken;
      // The caller's own booking, being moved: its time counts as free (E!A's exclude_appointment_id).
      if (own) {
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
  };
}
