import { describe, expect, it } from 'vitest';
import { instantOf } from '../../lib/clinic-time.ts';
import { isQuiet, parseQuietHours, parseReminderOffsets, remindersFor, type ReminderSettings } from './reminder-rules.ts';

const settings = (zone: string, offsets = '24h,2h', quiet = ''): ReminderSettings => ({
  offsets: parseReminderOffsets(offsets),
  quietHours: parseQuietHours(quiet),
  timeZone: zone,
});

const booking = (date: string, startMin: number, zone: string, id = 'b1', version = 1) => ({
  id,
  version,
  date,
  startMin,
  startsAt: instantOf(date, startMin, zone),
});

describe('REMINDER_OFFSETS', () => {
  it('reads whole numbers with d, h or m; whole days are wall-clock days', () => {
    expect(parseReminderOffsets('24h,2h')).toEqual([
      { label: '24h', minutes: 1440, days: 1 },
      { label: '2h', minutes: 120, days: null },
    ]);
    expect(parseReminderOffsets(' 2d , 90m ')).toEqual([
      { label: '2d', minutes: 2880, days: 2 },
      { label: '90m', minutes: 90, days: null },
    ]);
    expect(parseReminderOffsets('')).toEqual([]);
  });

  it('refuses anything else with a message', () => {
    expect(() => parseReminderOffsets('24')).toThrow(/not an offset/);
    expect(() => parseReminderOffsets('1w')).toThrow(/not an offset/);
    expect(() => parseReminderOffsets('-2h')).toThrow(/not an offset/);
    expect(() => parseReminderOffsets('24h,1d')).toThrow(/twice/);
    expect(() => parseReminderOffsets('1m')).toThrow(/between/);
  });
});

describe('REMINDER_QUIET_HOURS', () => {
  it('reads HH:MM-HH:MM, wrapping past midnight', () => {
    const quiet = parseQuietHours('21:00-07:00');
    expect(quiet).toEqual({ start: 1260, end: 420 });
    expect(isQuiet(quiet, 21 * 60)).toBe(true);
    expect(isQuiet(quiet, 3 * 60)).toBe(true);
    expect(isQuiet(quiet, 7 * 60)).toBe(false);
    expect(isQuiet(quiet, 20 * 60 + 59)).toBe(false);
    expect(isQuiet(parseQuietHours('12:00-13:00'), 12 * 60 + 30)).toBe(true);
    expect(parseQuietHours('')).toBeNull();
    expect(() => parseQuietHours('9-17')).toThrow(/not a range/);
    expect(() => parseQuietHours('25:00-07:00')).toThrow(/not a range/);
  });
});

describe('when reminders are due', () => {
  it('a booking 3 days ahead gets two: 24 h and 2 h before, expiring after min(offset/4, 2 h) or at the start', () => {
    const now = new Date('2030-06-05T10:15:00Z');
    const due = remindersFor(booking('2030-06-08', 9 * 60, 'UTC'), settings('UTC'), now);
    expect(due.map((r) => [r.offset.label, r.dueAt.toISOString(), r.expiresAt.toISOString(), r.dedupeKey])).toEqual([
      ['24h', '2030-06-07T09:00:00.000Z', '2030-06-07T11:00:00.000Z', 'reminder:b1:v1:24h'],
      ['2h', '2030-06-08T07:00:00.000Z', '2030-06-08T07:30:00.000Z', 'reminder:b1:v1:2h'],
    ]);
  });

  it('a booking 90 minutes ahead gets no 2 h reminder, and none due within 5 minutes', () => {
    const now = new Date('2030-06-05T10:00:00Z');
    expect(remindersFor(booking('2030-06-05', 11 * 60 + 30, 'UTC'), settings('UTC'), now)).toEqual([]);
    expect(remindersFor(booking('2030-06-05', 12 * 60 + 4, 'UTC'), settings('UTC', '2h'), now)).toEqual([]);
    expect(remindersFor(booking('2030-06-05', 12 * 60 + 30, 'UTC'), settings('UTC', '2h'), now)).toHaveLength(1);
  });

  it('across a spring-forward night, a whole-day reminder keeps the wall-clock time (Europe/Berlin): 23 hours before, not 24', () => {
    // Clocks go from 02:00 CET to 03:00 CEST on Sunday 2030-03-31. A Sunday 09:00 appointment
    // (07:00Z) is reminded on Saturday at 09:00 CET (08:00Z), not at 08:00 wall time.
    const now = new Date('2030-03-25T10:00:00Z');
    const [day, twoHours] = remindersFor(booking('2030-03-31', 9 * 60, 'Europe/Berlin'), settings('Europe/Berlin'), now);
    expect(day!.dueAt.toISOString()).toBe('2030-03-30T08:00:00.000Z');
    expect(booking('2030-03-31', 9 * 60, 'Europe/Berlin').startsAt.getTime() - day!.dueAt.getTime()).toBe(23 * 3_600_000);
    // Sub-day offsets are absolute: 2 hours before 09:00 CEST is 07:00 CEST (05:00Z).
    expect(twoHours!.dueAt.toISOString()).toBe('2030-03-31T05:00:00.000Z');
  });

  it('across a fall-back night in New York, a whole-day reminder is 25 hours before; on a plain day 24', () => {
    const now = new Date('2030-03-01T00:00:00Z');
    // Fall back on Sunday 2030-11-03 at 02:00: a Sunday 09:00 EST appointment (14:00Z) -> Saturday 09:00 EDT (13:00Z).
    const [fall] = remindersFor(booking('2030-11-03', 9 * 60, 'America/New_York'), settings('America/New_York', '1d'), now);
    expect(fall!.dueAt.toISOString()).toBe('2030-11-02T13:00:00.000Z');
    expect(booking('2030-11-03', 9 * 60, 'America/New_York').startsAt.getTime() - fall!.dueAt.getTime()).toBe(25 * 3_600_000);
    // Spring forward on Sunday 2030-03-10: a Sunday 09:00 EDT appointment (13:00Z) -> Saturday 09:00 EST (14:00Z).
    const [spring] = remindersFor(booking('2030-03-10', 9 * 60, 'America/New_York'), settings('America/New_York', '24h'), now);
    expect(spring!.dueAt.toISOString()).toBe('2030-03-09T14:00:00.000Z');
    // The Monday after: no change in between, 24 hours.
    const [monday] = remindersFor(booking('2030-03-11', 9 * 60, 'America/New_York'), settings('America/New_York', '24h'), now);
    expect(monday!.dueAt.toISOString()).toBe('2030-03-10T13:00:00.000Z');
  });

  it('a reminder due in quiet hours is skipped, not shifted', () => {
    const now = new Date('2030-06-01T00:00:00Z');
    // 08:00 appointment: the 2 h reminder would go at 06:00, inside 21:00-07:00.
    const due = remindersFor(booking('2030-06-08', 8 * 60, 'Europe/Berlin'), settings('Europe/Berlin', '24h,2h', '21:00-07:00'), now);
    expect(due.map((r) => r.offset.label)).toEqual(['24h']);
    // 22:00 is quiet too: a 23:00 appointment's 1 h reminder is skipped.
    expect(remindersFor(booking('2030-06-08', 23 * 60, 'UTC'), settings('UTC', '1h', '21:00-07:00'), now)).toEqual([]);
  });

  it('a moved booking gets keys of its new version', () => {
    const now = new Date('2030-06-01T00:00:00Z');
    const due = remindersFor(booking('2030-06-08', 10 * 60, 'UTC', 'b7', 3), settings('UTC'), now);
    expect(due.map((r) => r.dedupeKey)).toEqual(['reminder:b7:v3:24h', 'reminder:b7:v3:2h']);
  });
});
