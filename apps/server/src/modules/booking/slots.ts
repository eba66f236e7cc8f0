/**
 * Booking maths as small pure functions (no clock, no database): which of a treatment's slots are
 * still bookable on a date, seen from "now" in the clinic's time zone.
 */
import { addDays, minutesNowInZone, slotStartMinutes, todayInZone, type IsoDate } from '@clinic/shared';

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
