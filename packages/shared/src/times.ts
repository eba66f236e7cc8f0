/**
 * Wall-clock times of the clinic's slots, shared by the booking rules and the calendar files the
 * mails carry. Pure: no clock, no database.
 */

/** `08.30 AM - 09.00 AM` -> 510 (minutes after midnight of the slot's start), or null. */
export function slotStartMinutes(label: string): number | null {
  const match = /^(\d{1,2})\.(\d{2}) (AM|PM)\b/.exec(label.trim());
  if (!match) return null;
  const [hour12, minute] = [Number(match[1]), Number(match[2])];
  if (hour12 < 1 || hour12 > 12 || minute > 59) return null;
  const hour = (hour12 % 12) + (match[3] === 'PM' ? 12 : 0);
  return hour * 60 + minute;
}

/** `08.30 AM - 09.00 AM` -> 540 (minutes after midnight of the slot's end), or null. */
export function slotEndMinutes(label: string): number | null {
  const end = label.split(' - ')[1];
  return end === undefined ? null : slotStartMinutes(end);
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

/** Minutes after midnight as a 24-hour clock, `13:05` (the CSV's and the opening hours' form). */
export function clock24(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 510 -> `08.30 AM`: the spec's clock format (two-digit hour, a dot, AM or PM). */
export function clockLabel(minutes: number): string {
  const hour24 = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${String(hour12).padStart(2, '0')}.${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** (480, 510) -> `08.00 AM - 08.30 AM`: the spec's slot label for a start and an end. */
export function slotLabel(startMin: number, endMin: number): string {
  return `${clockLabel(startMin)} - ${clockLabel(endMin)}`;
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday (the date's own, no time zone). */
export function isoWeekday(iso: string): number {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
