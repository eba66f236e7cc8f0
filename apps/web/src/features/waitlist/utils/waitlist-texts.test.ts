import { describe, expect, it } from 'vitest';
import {
  dateRangeText,
  doctorText,
  timeLeftText,
  timeWindowOf,
  timeWindowText,
} from './waitlist-texts.ts';

describe('timeWindowOf', () => {
  it('sends no window for any time, a latest time for mornings, an earliest for afternoons', () => {
    expect(timeWindowOf('any')).toEqual({});
    expect(timeWindowOf('morning')).toEqual({ latestMin: 720 });
    expect(timeWindowOf('afternoon')).toEqual({ earliestMin: 720 });
  });
});

describe('timeWindowText', () => {
  it.each([
    [null, null, 'Any time'],
    [null, 720, 'Mornings (before 12.00)'],
    [720, null, 'Afternoons (from 12.00)'],
    [540, 690, 'From 09.00 to 11.30'],
    [810, null, 'From 13.30'],
    [null, 600, 'Before 10.00'],
  ])('%j to %j -> %j', (earliestMin, latestMin, text) => {
    expect(timeWindowText({ earliestMin, latestMin })).toBe(text);
  });
});

describe('dateRangeText and doctorText', () => {
  it('writes the range in the medium style, one day once', () => {
    expect(dateRangeText({ from: '2030-06-12', to: '2030-06-25' })).toBe(
      'Jun 12, 2030 – Jun 25, 2030',
    );
    expect(dateRangeText({ from: '2030-06-12', to: '2030-06-12' })).toBe('Jun 12, 2030');
  });

  it('names the doctor, or any doctor', () => {
    expect(doctorText({ _id: 'd1', name: 'Ann Lee' })).toBe('Dr. Ann Lee');
    expect(doctorText(null)).toBe('Any doctor');
  });
});

describe('timeLeftText', () => {
  const now = Date.parse('2030-06-12T09:00:00.000Z');
  it.each([
    ['2030-06-12T09:30:00.000Z', '30 minutes left'],
    ['2030-06-12T09:12:59.000Z', '12 minutes left'],
    ['2030-06-12T09:01:30.000Z', '1 minute left'],
    ['2030-06-12T09:00:40.000Z', 'Less than a minute left'],
    ['2030-06-12T09:00:00.000Z', 'Expired'],
    ['2030-06-12T08:59:00.000Z', 'Expired'],
    ['not a time', 'Expired'],
  ])('until %s -> %j', (expiresAt, text) => {
    expect(timeLeftText(expiresAt, now)).toBe(text);
  });
});
