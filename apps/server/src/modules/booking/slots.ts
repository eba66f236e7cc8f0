/**
 * Booking maths as small pure functions (no clock, no database): which of a treatment's slots are
 * still bookable on a date, seen from "now" in the clinic's time zone.
 */
import { addDays, minutesNowInZone, todayInZone, type IsoDate } from '@clinic/shared';

export interface BookingClock {
  /** Today in the clinic's zone. */
  today: IsoDate;
  /** Wall-clock minutes after midnight now, in the clinic's zone. */
  minutesNow: number;
  /** Last bookable day (today + the booking window). */
  lastDay: IsoDate;
  /** The days a public read may ask about: the window and a month either side (`nearWindow`). */
  publicFrom: IsoDate;
  publicTo: IsoDate;
}

/**
 * How far outside the booking window a public read (`/api/available`, `/api/calendar`,
 * `/api/availability`) may ask: a month view straddles the window's edges, and a browser a zone
 * away from the clinic asks for a day the clinic has already left behind. Those get empty days;
 * anything further is a 400, so no anonymous input chooses how much work or cache a read takes.
 */
export const PUBLIC_DATE_SLACK_DAYS = 31;

// The last clock read, by its UTC minute: every request of a busy minute asks the same. Both
// readings ignore seconds, and every zone's offset from UTC is a whole number of minutes, so one
// minute's answer is exact for all of it. Read through Intl, it was 7-8% of the server's CPU on
// GET /api/available (docs/benchmarks.md, "GET /api/available").
let lastClock: { minute: number; timeZone: string; windowDays: number; clock: BookingClock } | undefined;

export function bookingClock(now: Date, timeZone: string, windowDays: number): BookingClock {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastClock?.minute === minute && lastClock.timeZone === timeZone && lastClock.windowDays === windowDays) return lastClock.clock;
  const today = todayInZone(now, timeZone);
  const lastDay = addDays(today, windowDays);
  const clock = Object.freeze({
    today,
    minutesNow: minutesNowInZone(now, timeZone),
    lastDay,
    publicFrom: addDays(today, -PUBLIC_DATE_SLACK_DAYS),
    publicTo: addDays(lastDay, PUBLIC_DATE_SLACK_DAYS),
  });
  lastClock = { minute, timeZone, windowDays, clock };
  return clock;
}

export type DateVerdict = 'bookable' | 'past' | 'beyond-window';

/** Whether a public read may ask about `date` (ISO dates of four-digit years compare as strings). */
export function isNearWindow(date: IsoDate, clock: BookingClock): boolean {
  return date >= clock.publicFrom && date <= clock.publicTo;
}

export function judgeDate(date: IsoDate, clock: BookingClock): DateVerdict {
  // ISO dates compare correctly as strings.
  if (date < clock.today) return 'past';
  if (date > clock.lastDay) return 'beyond-window';
  return 'bookable';
}

/** Whether a start on `date` at `startMin` can still be booked: a bookable day and, today, not started. */
export function isStartOpen(date: IsoDate, startMin: number, clock: BookingClock): boolean {
  if (judgeDate(date, clock) !== 'bookable') return false;
  return date !== clock.today || startMin > clock.minutesNow;
}

/** A stretch of a day, `[start, end)` in wall-clock minutes. */
export interface Span {
  start: number;
  end: number;
}

/** Sorted, merged copy: touching or overlapping spans become one. */
export function normalise(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else if (s.end > s.start) out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The parts of `a` that are also in `b`. */
export function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const x of normalise(a)) {
    for (const y of normalise(b)) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  }
  return normalise(out);
}

/** The parts of `a` outside every span of `cuts`. */
export function subtract(a: readonly Span[], cuts: readonly Span[]): Span[] {
  let rest = normalise(a);
  for (const cut of cuts) {
    rest = rest.flatMap((s) => {
      if (cut.end <= s.start || cut.start >= s.end) return [s];
      const parts: Span[] = [];
      if (cut.start > s.start) parts.push({ start: s.start, end: cut.start });
      if (cut.end < s.end) parts.push({ start: cut.end, end: s.end });
      return parts;
    });
  }
  return rest;
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

const GRID_MINUTES = 30;

/**
 * The starts on the 30-minute grid where `duration` minutes fit inside one open span, overlap no
 * taken span and are still bookable: in time order. This is every slot a lane offers on a date.
 */
export function freeStarts(
  open: readonly Span[],
  taken: readonly Span[],
  duration: number,
  date: IsoDate,
  clock: BookingClock,
): number[] {
  const starts: number[] = [];
  if (judgeDate(date, clock) !== 'bookable') return starts;
  // One sweep over the taken spans in start order (a clinic's day grows in slots and bookings
  // together; checking every start against every booking would grow with their product).
  const byStart = [...taken].sort((a, b) => a.start - b.start);
  // The latest end among the taken spans that start before a candidate's end, kept as the sweep goes.
  let next = 0;
  let reach = -Infinity;
  const pending: Span[] = [];
  for (const span of normalise(open)) {
    const first = Math.ceil(span.start / GRID_MINUTES) * GRID_MINUTES;
    for (let s = first; s + duration <= span.end; s += GRID_MINUTES) {
      const end = s + duration;
      while (next < byStart.length && byStart[next]!.start < end) {
        pending.push(byStart[next]!);
        reach = Math.max(reach, byStart[next]!.end);
        next++;
      }
      // A taken span overlaps [s, end) when it starts before `end` and ends after `s`.
      const blocked = reach > s && pending.some((t) => t.end > s);
      if (!blocked && isStartOpen(date, s, clock)) starts.push(s);
      // Spans ended by now can never block a later start.
      if (pending.length > 8) {
        const live = pending.filter((t) => t.end > s);
        pending.length = 0;
        pending.push(...live);
      }
    }
  }
  return starts;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((asUtc - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of wall-clock `minutes` after midnight of `date` in `timeZone`. A time that a
 * spring-forward skips is read with the offset before the change (02.30 becomes 03.30); a time
 * that a fall-back repeats is its second occurrence. Both are what PostgreSQL's `AT TIME ZONE`
 * does, which migration 0011 used for existing bookings (a test checks every half hour).
 */
export function instantOf(date: IsoDate, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  // The offset just before and just after: equal on an ordinary day.
  const before = zoneOffsetMinutes(wall - 24 * 3_600_000, timeZone);
  const after = zoneOffsetMinutes(wall + 24 * 3_600_000, timeZone);
  if (before === after) return new Date(wall - before * 60_000);
  // A change near this day: the later offset if the wall time exists under it (a time after the
  // change, or the second of a repeated hour), else the earlier one (a time before the change);
  // a skipped time is read with the earlier offset. PostgreSQL's AT TIME ZONE (migration 0011,
  // the start-up zone change) reads them the same way, so both always agree.
  const underBefore = wall - before * 60_000;
  const underAfter = wall - after * 60_000;
  if (zoneOffsetMinutes(underAfter, timeZone) === after) return new Date(underAfter);
  return new Date(underBefore);
}
