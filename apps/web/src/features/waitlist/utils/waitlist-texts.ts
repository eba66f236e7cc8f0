/**
 * What the waitlist screens say: the time-of-day choices and how they map to the API's window
 * (minutes after midnight in the clinic's zone), an entry's window and status, and an offer's
 * minutes left.
 */
import type { WaitlistEntry, WaitlistJoin } from '@clinic/shared';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';

export const joinedToast = (treatment: string) => `You are on the waitlist for ${treatment}.`;
export const leftToast = (treatment: string) => `You left the waitlist for ${treatment}.`;
export const OFFER_EXPIRED_TEXT =
  'This offer has expired. You can still book the time from Appointment if it is free.';

/** How many days a new entry waits unless the patient says otherwise: two weeks, both ends included. */
export const DEFAULT_RANGE_DAYS = 14;

const NOON = 12 * 60;

export const timesOfDay = [
  { value: 'any', label: 'Any time' },
  { value: 'morning', label: 'Mornings (before 12.00)' },
  { value: 'afternoon', label: 'Afternoons (from 12.00)' },
] as const;
export type TimeOfDay = (typeof timesOfDay)[number]['value'];

/** A time-of-day choice as the join request's window; any time sends none. */
export function timeWindowOf(
  timeOfDay: TimeOfDay,
): Pick<WaitlistJoin, 'earliestMin' | 'latestMin'> {
  switch (timeOfDay) {
    case 'morning':
      return { latestMin: NOON };
    case 'afternoon':
      return { earliestMin: NOON };
    case 'any':
      return {};
  }
}

/** 570 -> `09.30`, as the choices write noon (`12.00`). */
function clock(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}.${pad(minutes % 60)}`;
}

/** An entry's window in the words of the choice that made it, or plain times for any other. */
export function timeWindowText({
  earliestMin,
  latestMin,
}: Pick<WaitlistEntry, 'earliestMin' | 'latestMin'>): string {
  const matching = timesOfDay.find(({ value }) => {
    const window = timeWindowOf(value);
    return (window.earliestMin ?? null) === earliestMin && (window.latestMin ?? null) === latestMin;
  });
  if (matching) return matching.label;
  if (earliestMin !== null && latestMin !== null) {
    return `From ${clock(earliestMin)} to ${clock(latestMin)}`;
  }
  return earliestMin !== null ? `From ${clock(earliestMin)}` : `Before ${clock(latestMin ?? 0)}`;
}

export function dateRangeText({ from, to }: Pick<WaitlistEntry, 'from' | 'to'>): string {
  return from === to ? mediumDateOf(from) : `${mediumDateOf(from)} – ${mediumDateOf(to)}`;
}

export function doctorText(doctor: WaitlistEntry['doctor']): string {
  return doctor ? doctorTitle(doctor.name) : 'Any doctor';
}

/** Whole minutes left until `expiresAt` (rounded down: the patient has at least that long). */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.floor((Date.parse(expiresAt) - now) / 60_000);
}

export function timeLeftText(expiresAt: string, now: number): string {
  const remainingMs = Date.parse(expiresAt) - now;
  if (!(remainingMs > 0)) return 'Expired';
  const minutes = minutesLeft(expiresAt, now);
  if (minutes < 1) return 'Less than a minute left';
  return minutes === 1 ? '1 minute left' : `${minutes} minutes left`;
}

/** Today in the browser's zone, as ISO: the first day a join from the waitlist page starts with. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
