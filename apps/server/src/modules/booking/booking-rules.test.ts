import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@clinic/shared';
import { blockerOf, conflictError, decideBatch, overLimitError, type BookingRequest } from './booking-rules.ts';

const NINE = '09.00 AM - 09.30 AM';
const TEN = '10.00 AM - 10.30 AM';
const ELEVEN = '11.00 AM - 11.30 AM';
const request = (patientId: string, slot: string, overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  treatmentId: 't1',
  date: '2030-06-05',
  slot,
  patientId,
  ...overrides,
});

describe('blockerOf', () => {
  const ann = { slot: NINE, patientId: 'ann' };
  const bob = { slot: TEN, patientId: 'bob' };

  it("names the patient's own booking before the slot's holder", () => {
    expect(blockerOf([ann, bob], { slot: NINE, patientId: 'cy' })).toBe(ann);
    expect(blockerOf([ann, bob], { slot: NINE, patientId: 'bob' })).toBe(bob);
    expect(blockerOf([ann, bob], { slot: ELEVEN, patientId: 'cy' })).toBeUndefined();
  });

  it("never takes a removed account's booking for anyone's own", () => {
    const detached = { slot: NINE, patientId: null };
    expect(blockerOf([detached], { slot: TEN, patientId: 'cy' })).toBeUndefined();
    expect(blockerOf([detached], { slot: NINE, patientId: 'cy' })).toBe(detached);
  });
});

describe('decideBatch', () => {
  const none = { held: [], activeCounts: new Map<string, number>(), maxActive: 10 };

  it('lets the earlier of two requests for one slot win, as separate transactions would', () => {
    const decision = decideBatch([request('ann', NINE), request('bob', NINE)], none);
    expect(decision.refusals).toEqual([undefined, { conflict: { slot: NINE, patientId: 'ann' } }]);
    expect(decision.winners.map((r) => r.patientId)).toEqual(['ann']);
  });

  it('refuses a second booking of one treatment on one day by the same patient, naming the first', () => {
    const decision = decideBatch([request('ann', NINE), request('ann', TEN)], none);
    expect(decision.refusals[1]).toEqual({ conflict: { slot: NINE, patientId: 'ann' } });
  });

  it('keeps treatments and days apart', () => {
    const decision = decideBatch(
      [request('ann', NINE), request('bob', NINE, { treatmentId: 't2' }), request('cy', NINE, { date: '2030-06-06' })],
      none,
    );
    expect(decision.refusals).toEqual([undefined, undefined, undefined]);
  });

  it('refuses against committed holders, and reports them with the winners per day', () => {
    const held = [{ treatmentId: 't1', date: '2030-06-05', slot: NINE, patientId: null }];
    const decision = decideBatch([request('ann', NINE), request('bob', TEN)], { ...none, held });
    expect(decision.refusals).toEqual([{ conflict: { slot: NINE, patientId: null } }, undefined]);
    expect(decision.holdersOf({ treatmentId: 't1', date: '2030-06-05' })).toEqual([
      { slot: NINE, patientId: null },
      { slot: TEN, patientId: 'bob' },
    ]);
    expect(decision.holdersOf({ treatmentId: 't9', date: '2030-06-05' })).toEqual([]);
  });

  it('counts the batch’s own winners against the per-patient limit', () => {
    const activeCounts = new Map([['ann', 1]]);
    const decision = decideBatch(
      [request('ann', NINE), request('ann', NINE, { treatmentId: 't2' })],
      { held: [], activeCounts, maxActive: 2 },
    );
    expect(decision.refusals).toEqual([undefined, { overLimit: 2 }]);
    // The caller's map is not changed.
    expect(activeCounts.get('ann')).toBe(1);
  });

  it('does not count a refused request', () => {
    const held = [{ treatmentId: 't1', date: '2030-06-05', slot: NINE, patientId: 'bob' }];
    const decision = decideBatch(
      [request('ann', NINE), request('ann', TEN, { treatmentId: 't2' })],
      { held, activeCounts: new Map([['ann', 1]]), maxActive: 2 },
    );
    expect(decision.refusals).toEqual([{ conflict: { slot: NINE, patientId: 'bob' } }, undefined]);
  });
});

describe('refusal wording', () => {
  it("describes the patient's own booking and keeps another patient's private", () => {
    const own = conflictError(request('ann', TEN), 'Teeth Orthodontics', { slot: NINE, patientId: 'ann' });
    expect(own.code).toBe(ErrorCode.CONFLICT);
    expect(own.message).toBe(`You already have Teeth Orthodontics on 2030-06-05 at ${NINE}.`);
    expect(own.extra).toEqual({ success: false, booking: { date: '2030-06-05', slot: NINE, treatment: 'Teeth Orthodontics' } });
    const other = conflictError(request('ann', TEN), 'Teeth Orthodontics', { slot: TEN, patientId: 'bob' });
    expect(other.message).toBe('That slot has just been taken; choose another.');
    expect(other.extra).toEqual({ success: false, booking: { date: '2030-06-05', slot: TEN, treatment: 'Teeth Orthodontics' } });
  });

  it('states the limit', () => {
    const error = overLimitError(10);
    expect(error.code).toBe(ErrorCode.BOOKING_LIMIT);
    expect(error.extra).toEqual({ limit: 10 });
  });
});
