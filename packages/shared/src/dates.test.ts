import { describe, expect, it } from 'vitest';
import { addDays, formatMediumDate, parseDateInput, todayInZone } from './dates.ts';

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
});
