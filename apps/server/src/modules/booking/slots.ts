/**
 * Booking maths as small pure functions (no clock, no database): which of a treatment's slots are
 * still bookable on a date, seen from "now" in the clinic's time zone.
 */
import { addDays, todayInZone, type IsoDate } from '@clinic/shared';

/** `08.30 AM - 09.00 AM` -> 510 (minutes after midnight of the slot's start), or null. */
export function slotStartMinutes(label: string): number | null {
  const match = /^(\d{1,2})\.(\d{2}) (AM|PM)\b/.exec(label.trim());
  if (!match) return null;
  const [hour12, minute] = [Number(match[1]), Number(match[2])];
  if (hour12 < 1 || hour12 > 12 || minute > 59) return null;
  const hour = (hour12 % 12) + (match[3] === 'PM' ? 12 : 0);
  return hour * 60 + minute;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock minutes after midnight it is now in `timeZone` (DST-aware, via Intl). */
export function minutesNowInZone(now: Date, timeZone: string): number {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

export interface BookingClock {
  /** Today in the clinic's zone. */
  today: IsoDate;
  /** Wall-clock minutes after midnight now, in the clinic's zone. */
  minutesNow: number;
  /** Last bookable day (today + the booking window). */
  lastDay: IsoDate;
}

export function bookingClock(now: Date, timeZone: string, windowDays: number): BookingClock {
  const today = todayInZone(now, timeZone);
  return { today, minutesNow: minutesNowInZone(now, timeZone), lastDay: addDays(today, windowDays) };
}

export type DateVerdict = 'bookable' | 'past' | 'beyond-window';

export function judgeDate(date: IsoDate, clock: BookingClock): DateVerdict {
  // ISO dates compare correctly as strings.
  if (date < clock.today) return 'past';
  if (date > clock.lastDay) return 'beyond-window';
  return 'bookable';
}

/** Whether one slot on `date` can still be booked: the date is bookable and, today, not started. */
export function isSlotOpen(date: IsoDate, slot: string, clock: BookingClock): boolean {
  if (judgeDate(date, clock) !== 'bookable') return false;
  const start = slotStartMinutes(slot);
  if (start === null) return false;
  return date !== clock.today || start > clock.minutesNow;
}

/** The treatment's free slots on `date`, in time order. */
export function freeSlots(
  slots: readonly string[],
  taken: ReadonlySet<string>,
  date: IsoDate,
  clock: BookingClock,
): string[] {
  return slots
    .filter((slot) => !taken.has(slot) && isSlotOpen(date, slot, clock))
    .sort((a, b) => slotStartMinutes(a)! - slotStartMinutes(b)!);
}
