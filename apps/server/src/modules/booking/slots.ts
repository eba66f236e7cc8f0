/**
 * Booking maths as small pure functions (no clock, no database): which of a treatment's slots are
 * still bookable on a date, seen from "now" in the clinic's time zone.
 */
import { addDays, minutesNowInZone, todayInZone, type IsoDate } from '@clinic/shared';
import { normalise, type Span } from '../../lib/spans.ts';

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
