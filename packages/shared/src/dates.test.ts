import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInputSchema } from './booking.ts';
import { addDays, daysBetween, eachDay, formatMediumDate, isAcceptedDate, parseDateInput, todayInZone } from './dates.ts';

describe('parseDateInput', () => {
  it.each([
    ['2030-06-05', '2030-06-05'],
    ['Jun 5, 2022', '2022-06-05'],
    ['Dec 31, 2029', '2029-12-31'],
    ['2028-02-29', '2028-02-29'], // leap year
    [' 2030-01-01 ', '2030-01-01'],
  ])('%j -> %s', (input, expected) => expect(parseDateInput(input)).toBe(expected));

  it.each(['2030-02-30', '2029-02-29', '2030-13-01', '2030-00-10', 'Jun 31, 2030', 'Foo 1, 2030', '05/06/2030', '', '2030-6-5'])(
    'refuses %j',
    (input) => expect(parseDateInput(input)).toBeNull(),
  );
});

describe('formatMediumDate', () => {
  it('uses the spec medium style', () => {
    expect(formatMediumDate('2022-06-05')).toBe('Jun 5, 2022');
    expect(formatMediumDate('2030-12-25')).toBe('Dec 25, 2030');
  });
  it('round-trips with parseDateInput', () => {
    expect(parseDateInput(formatMediumDate('2031-01-09'))).toBe('2031-01-09');
  });
});

describe('todayInZone', () => {
  // 2030-03-10 02:30 UTC is still March 9 in New York and already March 10 in Tokyo.
  const instant = new Date('2030-03-10T02:30:00Z');
  it('gives the calendar day of the zone, not of the server', () => {
    expect(todayInZone(instant, 'America/New_York')).toBe('2030-03-09');
    expect(todayInZone(instant, 'Asia/Tokyo')).toBe('2030-03-10');
    expect(todayInZone(instant, 'UTC')).toBe('2030-03-10');
  });
});

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDays('2030-01-01', 90)).toBe('2030-04-01');
  });

  it('counts the years 0-99 as themselves, not as 1900-1999', () => {
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
    expect(addDays('0004-02-28', 1)).toBe('0004-02-29');
    expect(daysBetween('0001-01-01', '0002-01-01')).toBe(365);
  });

  it('agrees with daysBetween for every day of the accepted years', () => {
    const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: -3000, max: 3000 }), (from, n) => {
        const to = addDays(from, n);
        expect(daysBetween(from, to)).toBe(n);
        expect(to > from).toBe(n > 0);
      }),
      { seed: 20261127 },
    );
  });
});

describe('the accepted dates', () => {
  const accepts = (input: string) => dateInputSchema.safeParse(input).success;

  it.each(['0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31', 'Dec 31, 9999', '275760-09-13', '+275760-09-13', '2030-02-30', 'Feb 30, 2030'])(
    'refuses %j',
    (input) => expect(accepts(input)).toBe(false),
  );

  it.each(['1900-01-01', '2999-12-31', 'Jun 5, 2030'])('accepts %j', (input) => expect(accepts(input)).toBe(true));

  it('accepts only real days of four-digit years, whose strings sort as the days do', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), fc.integer({ min: 0, max: 300_000 }), fc.integer({ min: 0, max: 40 }), (text, year, day) => {
        for (const input of [text, `${String(year).padStart(4, '0')}-02-${String(day).padStart(2, '0')}`]) {
          const parsed = dateInputSchema.safeParse(input);
          if (!parsed.success) continue;
          expect(isAcceptedDate(parsed.data)).toBe(true);
          expect(addDays(parsed.data, 1) > parsed.data).toBe(true);
        }
      }),
      { seed: 20261127 },
    );
  });
});

describe('eachDay', () => {
  it('lists both ends and every day between', () => {
    expect(eachDay('2030-12-30', '2031-01-02', 10)).toEqual(['2030-12-30', '2030-12-31', '2031-01-01', '2031-01-02']);
    expect(eachDay('2031-01-02', '2030-12-30', 10)).toEqual([]);
  });

  it('refuses a range longer than it may be rather than looping over it', () => {
    expect(() => eachDay('2999-12-31', '9999-12-31', 63)).toThrow(RangeError);
    expect(eachDay('9999-12-31', '9999-12-31', 1)).toEqual(['9999-12-31']);
  });
});
