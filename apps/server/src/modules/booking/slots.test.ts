import { describe, expect, it } from 'vitest';
import { minutesNowInZone, slotStartMinutes } from '@clinic/shared';
import { bookingClock, isStartOpen, judgeDate, type BookingClock } from './slots.ts';

const SLOTS = [
  '08.00 AM - 08.30 AM', '08.30 AM - 09.00 AM', '09.00 AM - 09.30 AM', '09.30 AM - 10.00 AM',
  '10.00 AM - 10.30 AM', '10.30 AM - 11.00 AM', '11.00 AM - 11.30 AM', '11.30 AM - 12.00 PM',
  '01.00 PM - 01.30 PM', '01.30 PM - 02.00 PM', '02.00 PM - 02.30 PM', '02.30 PM - 03.00 PM',
  '03.00 PM - 03.30 PM', '03.30 PM - 04.00 PM', '04.00 PM - 04.30 PM', '04.30 PM - 05.00 PM',
];

describe('slotStartMinutes', () => {
  it.each([
    ['08.00 AM - 08.30 AM', 480],
    ['11.30 AM - 12.00 PM', 690],
    ['12.00 PM - 12.30 PM', 720],
    ['12.30 AM - 01.00 AM', 30],
    ['04.30 PM - 05.00 PM', 990],
  ])('%s starts at minute %i', (label, minutes) => expect(slotStartMinutes(label)).toBe(minutes));
  it.each(['', '8 AM', '13.00 PM - 01.30 PM', '08.75 AM - 09.00 AM'])('refuses %j', (label) =>
    expect(slotStartMinutes(label)).toBeNull(),
  );
});

/** The clinic's day's slots whose start can still be booked (what /available offers before taken ones go). */
const openSlots = (date: string, clock: BookingClock) => SLOTS.filter((slot) => isStartOpen(date, slotStartMinutes(slot)!, clock));
const isSlotOpen = (date: string, slot: string, clock: BookingClock) => isStartOpen(date, slotStartMinutes(slot)!, clock);

describe('isStartOpen over a day', () => {
  const clock = bookingClock(new Date('2030-06-05T10:15:00Z'), 'UTC', 90);

  it("drops today's slots that have already started, including the one under way", () => {
    // 10:15: the 10.00 slot has started; 10.30 is the first still open.
    expect(openSlots('2030-06-05', clock)[0]).toBe('10.30 AM - 11.00 AM');
    expect(openSlots('2030-06-05', clock)).toHaveLength(11);
  });

  it('gives nothing for a past date or one beyond the window', () => {
    expect(openSlots('2030-06-04', clock)).toEqual([]);
    expect(openSlots('2030-09-03', clock)).toHaveLength(16); // today + 90
    expect(openSlots('2030-09-04', clock)).toEqual([]); // today + 91
    expect(judgeDate('2030-09-04', clock)).toBe('beyond-window');
    expect(judgeDate('2030-06-04', clock)).toBe('past');
  });
});

describe('isStartOpen at the start minute', () => {
  const slot = '09.00 AM - 09.30 AM';
  const at = (iso: string, timeZone = 'UTC') => bookingClock(new Date(iso), timeZone, 90);

  it('keeps a slot of today open to its last minute before the start, and closes it at the start', () => {
    expect(isSlotOpen('2030-06-05', slot, at('2030-06-05T08:59:00Z'))).toBe(true);
    expect(isSlotOpen('2030-06-05', slot, at('2030-06-05T08:59:59Z'))).toBe(true);
    expect(isSlotOpen('2030-06-05', slot, at('2030-06-05T09:00:00Z'))).toBe(false);
    // The same slot on another day is not affected.
    expect(isSlotOpen('2030-06-06', slot, at('2030-06-05T09:00:00Z'))).toBe(true);
  });

  it("takes the start minute on the clinic's clock", () => {
    // 13:00 UTC is 09:00 in New York (EDT).
    expect(isSlotOpen('2030-06-05', slot, at('2030-06-05T12:59:00Z', 'America/New_York'))).toBe(true);
    expect(isSlotOpen('2030-06-05', slot, at('2030-06-05T13:00:00Z', 'America/New_York'))).toBe(false);
    expect(openSlots('2030-06-05', at('2030-06-05T13:00:00Z', 'America/New_York'))[0]).toBe('09.30 AM - 10.00 AM');
  });
});

describe('the clinic time zone', () => {
  it('decides what "today" and "started" mean, not the server zone', () => {
    // 02:30 UTC on June 6 is still 22:30 on June 5 in New York.
    const clock = bookingClock(new Date('2030-06-06T02:30:00Z'), 'America/New_York', 90);
    expect(clock.today).toBe('2030-06-05');
    expect(openSlots('2030-06-05', clock)).toEqual([]); // the day is over there
    expect(openSlots('2030-06-06', clock)).toHaveLength(16);
  });

  it('uses the wall clock on a DST-change day', () => {
    // New York springs forward on 2030-03-10 at 02:00. At 13:10 UTC it is 09:10 EDT (UTC-4);
    // a fixed standard offset would wrongly say 08:10 and keep the 08.30 and 09.00 slots.
    const now = new Date('2030-03-10T13:10:00Z');
    expect(minutesNowInZone(now, 'America/New_York')).toBe(9 * 60 + 10);
    const clock = bookingClock(now, 'America/New_York', 90);
    expect(openSlots('2030-03-10', clock)[0]).toBe('09.30 AM - 10.00 AM');
    expect(isSlotOpen('2030-03-10', '09.00 AM - 09.30 AM', clock)).toBe(false);
  });

  it('uses the wall clock on the day DST ends', () => {
    // New York falls back on 2030-11-03 at 02:00. At 13:10 UTC it is 08:10 EST (UTC-5).
    const clock = bookingClock(new Date('2030-11-03T13:10:00Z'), 'America/New_York', 90);
    expect(openSlots('2030-11-03', clock)[0]).toBe('08.30 AM - 09.00 AM');
  });
});

describe('bookingClock, read once a minute', () => {
  it('answers every instant of a minute alike, and the next minute anew', () => {
    const first = bookingClock(new Date('2030-06-05T23:59:00.000Z'), 'UTC', 90);
    expect(bookingClock(new Date('2030-06-05T23:59:59.999Z'), 'UTC', 90)).toEqual(first);
    expect(first).toMatchObject({ today: '2030-06-05', minutesNow: 1439, lastDay: '2030-09-03' });
    expect(bookingClock(new Date('2030-06-06T00:00:00.000Z'), 'UTC', 90)).toMatchObject({ today: '2030-06-06', minutesNow: 0, lastDay: '2030-09-04' });
  });

  it('keeps zones and windows apart within one minute', () => {
    const at = new Date('2030-06-05T23:59:30Z');
    expect(bookingClock(at, 'UTC', 90).today).toBe('2030-06-05');
    expect(bookingClock(at, 'Asia/Kolkata', 90)).toMatchObject({ today: '2030-06-06', minutesNow: 329, lastDay: '2030-09-04' });
    expect(bookingClock(at, 'Asia/Kolkata', 30).lastDay).toBe('2030-07-06');
    expect(bookingClock(at, 'UTC', 90).today).toBe('2030-06-05');
  });
});
