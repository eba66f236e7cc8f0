import { describe, expect, it } from 'vitest';
import { instantDateLabel, instantLabel } from './instants.tsx';

describe('instants', () => {
  it("shows an instant with the slots' clock in the clinic's zone when given, else the browser's (UTC here)", () => {
    const iso = '2030-06-11T08:30:00.000Z';
    expect(instantLabel(iso, 'America/New_York')).toBe('Jun 11, 2030, 04.30 AM');
    expect(instantLabel(iso, 'Europe/Berlin')).toBe('Jun 11, 2030, 10.30 AM');
    expect(instantLabel(iso)).toBe('Jun 11, 2030, 08.30 AM');
    expect(instantLabel(iso, '')).toBe('Jun 11, 2030, 08.30 AM');
    expect(instantLabel(iso, 'Not/AZone')).toBe('Jun 11, 2030, 08.30 AM');
    expect(instantLabel('not a date', 'Europe/Berlin')).toBe('not a date');
  });

  it('says noon and midnight as the slot labels do, and the date of the zone, not of UTC', () => {
    expect(instantLabel('2030-06-11T12:05:00.000Z', 'UTC')).toBe('Jun 11, 2030, 12.05 PM');
    expect(instantLabel('2030-06-11T00:00:00.000Z', 'UTC')).toBe('Jun 11, 2030, 12.00 AM');
    // 23:30 UTC is already the next day in Berlin, and still the day before in New York at 03:30.
    expect(instantDateLabel('2030-06-11T23:30:00.000Z', 'Europe/Berlin')).toBe('Jun 12, 2030');
    expect(instantDateLabel('2030-06-11T03:30:00.000Z', 'America/New_York')).toBe('Jun 10, 2030');
  });
});
