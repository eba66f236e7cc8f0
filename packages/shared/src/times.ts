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
