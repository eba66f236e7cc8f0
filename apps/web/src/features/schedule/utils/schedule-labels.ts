/**
 * How the schedule screens word times and durations: clock times in the spec's style
 * ('08.00 AM'). Prices are `lib/price-label.ts`'s, date ranges `lib/medium-date.ts`'s.
 */
import { clockLabel, type ScheduleExceptionKind } from '@clinic/shared';

export const MINUTES_PER_DAY = 24 * 60;
/** The schedule's grid: every time of day and every duration is a multiple of it. */
export const GRID_MINUTES = 30;

/** 510 -> '08.30 AM'; the end of the day (1440) is told apart from its start. */
export function timeLabel(minutes: number): string {
  return minutes === MINUTES_PER_DAY ? '12.00 AM (midnight)' : clockLabel(minutes);
}

/** (480, 720) -> '08.00 AM – 12.00 PM'. */
export function stretchLabel(start: number, end: number): string {
  return `${timeLabel(start)} – ${timeLabel(end)}`;
}

/** Every time a stretch can start (00.00 to 11.30 PM) or end (00.30 AM to midnight). */
export const START_TIMES: readonly number[] = Array.from(
  { length: MINUTES_PER_DAY / GRID_MINUTES },
  (_, i) => i * GRID_MINUTES,
);
export const END_TIMES: readonly number[] = START_TIMES.map((m) => m + GRID_MINUTES);

/** The durations a treatment can take: 30 minutes to 4 hours in steps of 30. */
export const DURATIONS: readonly number[] = [30, 60, 90, 120, 150, 180, 210, 240];

/** 90 -> '1 h 30 min'. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A treatment's recall: 1 -> '1 month', 6 -> '6 months'. */
export function monthsLabel(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

/** What each kind of exception is called, for the clinic and for one doctor. */
export function exceptionKindLabel(kind: ScheduleExceptionKind, isDoctor: boolean): string {
  switch (kind) {
    case 'closed':
      return isDoctor ? 'Leave' : 'Closed';
    case 'open':
      return 'Special hours';
    case 'blocked':
      return 'Blocked';
  }
}

/** After bookings in the way were cancelled: 'The booking was cancelled and …' or '3 bookings were …'. */
export function cancelledText(count: number): string {
  const bookings = count === 1 ? 'The booking was' : `${count} bookings were`;
  return `${bookings} cancelled and ${count === 1 ? 'its patient' : 'their patients'} notified.`;
}
