import { describe, expect, it } from 'vitest';
import { cancelAndRemoveLabel, guardianLines, upcomingText } from './family-texts.ts';

describe('family texts', () => {
  it('counts upcoming appointments in the singular and the plural', () => {
    expect(upcomingText(0)).toBe('0 upcoming appointments');
    expect(upcomingText(1)).toBe('1 upcoming appointment');
    expect(upcomingText(3)).toBe('3 upcoming appointments');
    expect(cancelAndRemoveLabel(1)).toBe('Cancel their 1 upcoming appointment and remove');
    expect(cancelAndRemoveLabel(2)).toBe('Cancel their 2 upcoming appointments and remove');
  });

  it('lists the caller first as You, then the other guardians by name and address', () => {
    expect(
      guardianLines([
        { name: 'Sam Smith', email: 'sam@example.com', you: false },
        { name: 'Pat Patient', email: 'pat@example.com', you: true },
        { name: '', email: 'kim@example.com', you: false },
      ]),
    ).toEqual(['You', 'Sam Smith (sam@example.com)', 'kim@example.com']);
  });
});
