import { describe, expect, it } from 'vitest';
import { clinicProfileUpdateSchema, openingHoursOf, timeZoneSchema } from './clinic.ts';

const day = (...spans: [number, number][]) => spans.map(([start, end]) => ({ start, end }));

describe('openingHoursOf', () => {
  it('groups consecutive days with the same hours and leaves closed days out', () => {
    const split = day([480, 720], [780, 1020]);
    expect(openingHoursOf({ 1: split, 2: split, 3: split, 4: split, 5: split, 6: day([540, 780]) })).toEqual([
      { days: 'Mon–Fri', hours: ['08:00–12:00', '13:00–17:00'] },
      { days: 'Sat', hours: ['09:00–13:00'] },
    ]);
  });

  it('names two days with a comma, a whole week as one group, and does not join days across a closed one', () => {
    const h = day([480, 1020]);
    expect(openingHoursOf({ 1: h, 2: h, 4: h })).toEqual([
      { days: 'Mon, Tue', hours: ['08:00–17:00'] },
      { days: 'Thu', hours: ['08:00–17:00'] },
    ]);
    const all = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, h]));
    expect(openingHoursOf(all)).toEqual([{ days: 'Mon–Sun', hours: ['08:00–17:00'] }]);
    expect(openingHoursOf({})).toEqual([]);
  });

  it('sorts a day’s stretches and keeps days with different hours apart', () => {
    expect(openingHoursOf({ 1: day([780, 1020], [480, 720]), 2: day([480, 720]) })).toEqual([
      { days: 'Mon', hours: ['08:00–12:00', '13:00–17:00'] },
      { days: 'Tue', hours: ['08:00–12:00'] },
    ]);
  });
});

describe('the clinic profile', () => {
  it('accepts IANA zones and refuses others', () => {
    expect(timeZoneSchema.safeParse('Europe/Berlin').success).toBe(true);
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
  });

  it('defaults what is not set to empty and refuses a control character in a one-line field', () => {
    expect(clinicProfileUpdateSchema.parse({ name: ' Smile Clinic ', timezone: 'UTC' })).toEqual({
      name: 'Smile Clinic', timezone: 'UTC', phone: '', email: '', address: '', about: '', privacyPolicy: '', terms: '',
    });
    expect(clinicProfileUpdateSchema.safeParse({ name: 'A\nB', timezone: 'UTC' }).success).toBe(false);
    expect(clinicProfileUpdateSchema.safeParse({ name: 'A', timezone: 'UTC', email: 'not-an-address' }).success).toBe(false);
  });
});
