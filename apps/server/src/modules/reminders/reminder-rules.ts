/**
 * When a booking's reminders are due (design section 5.4), as pure functions: REMINDER_OFFSETS and
 * REMINDER_QUIET_HOURS parsed, and each offset turned into a due instant, a last moment worth
 * sending at, and the key that makes it exist once.
 */
import { addDays, minutesNowInZone, todayInZone, type IsoDate } from '@clinic/shared';
import { instantOf } from '../../lib/clinic-time.ts';

export interface ReminderOffset {
  /** As configured (`24h`, `2d`, `90m`): part of the reminder's dedupe key. */
  label: string;
  minutes: number;
  /** Whole days: "the same wall-clock time N days earlier", whatever a DST change does meanwhile. */
  days: number | null;
}

/** `''` (none) or a comma list of whole numbers with `d`, `h` or `m`; throws a message for anything else. */
export function parseReminderOffsets(raw: string): ReminderOffset[] {
  const text = raw.trim();
  if (text === '') return [];
  const seen = new Set<number>();
  return text.split(',').map((part) => {
    const match = /^(\d{1,4})([dhm])$/.exec(part.trim());
    if (!match) throw new Error(`"${part.trim()}" is not an offset like 24h, 2d or 90m`);
    const n = Number(match[1]);
    const minutes = n * (match[2] === 'd' ? 1440 : match[2] === 'h' ? 60 : 1);
    if (minutes < 5 || minutes > 30 * 1440) throw new Error(`"${part.trim()}" must be between 5 minutes and 30 days`);
    if (seen.has(minutes)) throw new Error(`"${part.trim()}" is listed twice`);
    seen.add(minutes);
    return { label: `${n}${match[2]}`, minutes, days: minutes % 1440 === 0 ? minutes / 1440 : null };
  });
}

/** Wall-clock minutes `[start, end)` in the clinic's zone, wrapping past midnight when end < start. */
export interface QuietHours {
  start: number;
  end: number;
}

/** `''` (none) or `HH:MM-HH:MM`. */
export function parseQuietHours(raw: string): QuietHours | null {
  const text = raw.trim();
  if (text === '') return null;
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  const minute = (h: string, m: string) => (Number(h) < 24 && Number(m) < 60 ? Number(h) * 60 + Number(m) : NaN);
  const start = match ? minute(match[1]!, match[2]!) : NaN;
  const end = match ? minute(match[3]!, match[4]!) : NaN;
  if (Number.isNaN(start) || Number.isNaN(end) || start === end) throw new Error(`"${text}" is not a range like 21:00-07:00`);
  return { start, end };
}

export function isQuiet(quiet: QuietHours | null, wallMinute: number): boolean {
  if (!quiet) return false;
  return quiet.start < quiet.end
    ? wallMinute >= quiet.start && wallMinute < quiet.end
    : wallMinute >= quiet.start || wallMinute < quiet.end;
}

export interface ReminderSettings {
  offsets: readonly ReminderOffset[];
  quietHours: QuietHours | null;
  timeZone: string;
}

export interface DueReminder {
  offset: ReminderOffset;
  /** Not before. */
  dueAt: Date;
  /** Not after: later than `min(offset / 4, 2 h)` past due, or once the appointment started. */
  expiresAt: Date;
  dedupeKey: string;
}

/** A reminder due sooner than this after booking is not queued (design section 5.4). */
const MIN_LEAD_MS = 5 * 60_000;

export const reminderKey = (bookingId: string, version: number, offset: ReminderOffset) => `reminder:${bookingId}:v${version}:${offset.label}`;

/**
 * The reminders a booking (at this version) gets: one per offset, except those already due
 * within 5 minutes of `now` and those falling in quiet hours (skipped, not shifted).
 */
export function remindersFor(
  booking: { id: string; version: number; date: IsoDate; startMin: number; startsAt: Date },
  settings: ReminderSettings,
  now: Date,
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const offset of settings.offsets) {
    const dueAt = offset.days !== null
      ? instantOf(addDays(booking.date, -offset.days), booking.startMin, settings.timeZone)
      : new Date(booking.startsAt.getTime() - offset.minutes * 60_000);
    if (dueAt.getTime() <= now.getTime() + MIN_LEAD_MS) continue;
    if (isQuiet(settings.quietHours, minutesNowInZone(dueAt, settings.timeZone))) continue;
    const grace = Math.min((offset.minutes / 4) * 60_000, 2 * 3_600_000);
    const expiresAt = new Date(Math.min(dueAt.getTime() + grace, booking.startsAt.getTime()));
    due.push({ offset, dueAt, expiresAt, dedupeKey: reminderKey(booking.id, booking.version, offset) });
  }
  return due;
}

/** The day a reminder speaks of, relative to when it is sent ("today", "tomorrow" or the date). */
export function dayWord(date: IsoDate, sentAt: Date, timeZone: string): 'today' | 'tomorrow' | null {
  const today = todayInZone(sentAt, timeZone);
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  return null;
}
