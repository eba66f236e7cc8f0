/**
 * The clinic's wall-clock time as instants: which instant a date's minute is in a zone, across
 * daylight-saving changes. Pure; booking, reminders and the waitlist read it.
 */
import { clockLabel, formatMediumDate, minutesNowInZone, todayInZone, type IsoDate } from '@clinic/shared';

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

/** Per zone and date: the offset that holds from the day before to the day after, or null if it changes. */
const steadyOffsets = new Map<string, number | null>();

/**
 * The offset from midnight of the day before `date` to midnight after the day after (every
 * instant `instantOf` compares for a time of `date`), when it is the same at both ends; null when
 * it is not, and each time is read on its own. (Two changes that undo each other within three days
 * would pass for none: no zone has had one.)
 */
function steadyOffsetOf(timeZone: string, date: IsoDate, midnight: number): number | null {
  const key = `${timeZone}|${date}`;
  let steady = steadyOffsets.get(key);
  if (steady === undefined) {
    const first = zoneOffsetMinutes(midnight - 24 * 3_600_000, timeZone);
    const last = zoneOffsetMinutes(midnight + 48 * 3_600_000, timeZone);
    steady = first === last ? first : null;
    if (steadyOffsets.size >= 4096) steadyOffsets.clear();
    steadyOffsets.set(key, steady);
  }
  return steady;
}

/**
 * The instant of wall-clock `minutes` after midnight of `date` in `timeZone`. A time that a
 * spring-forward skips is read with the offset before the change (02.30 becomes 03.30); a time
 * that a fall-back repeats is its second occurrence. Both are what PostgreSQL's `AT TIME ZONE`
 * does, which migration 0011 used for existing bookings (a test checks every half hour).
 */
export function instantOf(date: IsoDate, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  const wall = midnight + minutes * 60_000;
  // Most days sit in one offset from the day before to the day after: read once per zone and
  // date, not twice per time (Intl's formatToParts was 2% of a booking's CPU, issue 37).
  if (minutes >= 0 && minutes <= 24 * 60) {
    const steady = steadyOffsetOf(timeZone, date, midnight);
    if (steady !== null) return new Date(wall - steady * 60_000);
  }
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

/** An instant as the pages say it, in the clinic's zone: `Nov 28, 2026, 10.00 AM` (web lib/instants.tsx). */
export function instantText(at: Date, timeZone: string): string {
  return `${formatMediumDate(todayInZone(at, timeZone))}, ${clockLabel(minutesNowInZone(at, timeZone))}`;
}
