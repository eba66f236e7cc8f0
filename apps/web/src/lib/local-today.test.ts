import { describe, expect, it } from 'vitest';
import { clinicToday } from './local-today.ts';

describe('clinicToday', () => {
  // 23.30 on Jun 12 in UTC (the tests' own zone) is 11.30 on Jun 13 in Auckland (UTC+12 in June).
  const now = Date.parse('2030-06-12T23:30:00.000Z');

  it("is the date in the clinic's zone", () => {
    expect(clinicToday(now, 'Pacific/Auckland')).toBe('2030-06-13');
    expect(clinicToday(now, 'America/New_York')).toBe('2030-06-12');
  });

  it("is the browser's date while the zone is unknown", () => {
    expect(clinicToday(now, undefined)).toBe('2030-06-12');
    expect(clinicToday(now, 'Not/AZone')).toBe('2030-06-12');
  });
});
