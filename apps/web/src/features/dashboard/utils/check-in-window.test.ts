import { describe, expect, it } from 'vitest';
import { isCheckInOpen } from './check-in-window.ts';

const START = '2030-06-12T08:30:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('isCheckInOpen', () => {
  it('opens an hour before the start and closes half an hour after it, both ends included', () => {
    expect(isCheckInOpen(START, at('2030-06-12T07:29:59.999Z'))).toBe(false);
    expect(isCheckInOpen(START, at('2030-06-12T07:30:00.000Z'))).toBe(true);
    expect(isCheckInOpen(START, at('2030-06-12T08:30:00.000Z'))).toBe(true);
    expect(isCheckInOpen(START, at('2030-06-12T09:00:00.000Z'))).toBe(true);
    expect(isCheckInOpen(START, at('2030-06-12T09:00:00.001Z'))).toBe(false);
  });

  it("opens when the clinic's CHECKIN_OPENS_MINUTES says", () => {
    expect(isCheckInOpen(START, at('2030-06-12T06:30:00.000Z'), 120)).toBe(true);
    expect(isCheckInOpen(START, at('2030-06-12T06:29:59.999Z'), 120)).toBe(false);
    expect(isCheckInOpen(START, at('2030-06-12T08:14:59.999Z'), 15)).toBe(false);
  });

  it('is closed for a start it cannot read', () => {
    expect(isCheckInOpen('soon', at('2030-06-12T08:30:00.000Z'))).toBe(false);
  });
});
