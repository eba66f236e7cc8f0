import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@clinic/shared';
import { blockerOf, conflictError, decideBatch, overLimitError, placeRequest, type BookingRequest, type SlotHolder } from './booking-rules.ts';

const NINE = '09.00 AM - 09.30 AM';
const TEN = '10.00 AM - 10.30 AM';
const DATE = '2030-06-05';
const at = (slot: string) => (slot === NINE ? 540 : slot === TEN ? 600 : 660);
/** A request for treatment t1 (its own lane unless `lanes` says otherwise), 30 minutes. */
const request = (patientId: string, slot: string, overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  treatmentId: 't1',
  date: DATE,
  slot,
  startMin: at(slot),
  endMin: at(slot) + 30,
  patientId,
  lanes: [overrides.treatmentId ?? 't1'],
  ...overrides,
});
const holder = (patientId: string | null, slot: string, overrides: Partial<SlotHolder> = {}): SlotHolder & { date: string } => ({
  laneId: 't1',
  treatmentId: 't1',
  slot,
  startMin: at(slot),
  endMin: at(slot) + 30,
  patientId,
  date: DATE,
  ...overrides,
});

describe('blockerOf', () => {
  const ann = holder('ann', NINE);
  const bob = holder('bob', TEN);

  it("names the patient's own booking of the treatment that day before the time's holder", () => {
    expect(blockerOf([ann, bob], request('cy', NINE))).toBe(ann);
    expect(blockerOf([ann, bob], request('bob', NINE))).toBe(bob);
    expect(blockerOf([ann, bob], request('cy', '11.00 AM - 11.30 AM'))).toBeUndefined();
  });

  it("never takes a removed account's booking for anyone's own", () => {
    const detached = holder(null, NINE);
    expect(blockerOf([detached], request('cy', TEN))).toBeUndefined();
    expect(blockerOf([detached], request('cy', NINE))).toBe(detached);
  });

  it('refuses any overlap on the lane, not only an equal start', () => {
    // A 60-minute booking from 09.00 blocks a 30-minute one at 09.30 on the same lane.
    const long = holder('ann', '09.00 AM - 10.00 AM', { startMin: 540, endMin: 600 });
    expect(blockerOf([long], request('cy', '09.30 AM - 10.00 AM', { startMin: 570, endMin: 600 }))).toBe(long);
    // Adjacent ranges do not overlap.
    expect(blockerOf([long], request('cy', TEN))).toBeUndefined();
  });

  it('a doctor is one lane across treatments', () => {
    const onDoctor = holder('ann', NINE, { laneId: 'dr-a', treatmentId: 't2' });
    expect(blockerOf([onDoctor], request('cy', NINE, { lanes: ['dr-a'] }))).toBe(onDoctor);
    expect(blockerOf([onDoctor], request('cy', NINE, { lanes: ['dr-b'] }))).toBeUndefined();
  });
});

describe('placeRequest', () => {
  it('takes the free lane with the fewest bookings that day, then the lowest id', () => {
    const held = [holder('x', TEN, { laneId: 'dr-a' }), holder('y', '11.00 AM - 11.30 AM', { laneId: 'dr-a' })];
    expect(placeRequest(held, request('cy', NINE, { lanes: ['dr-a', 'dr-b'] }))).toEqual({ lane: 'dr-b' });
    expect(placeRequest([], request('cy', NINE, { lanes: ['dr-b', 'dr-a'] }))).toEqual({ lane: 'dr-a' });
  });

  it('refuses when every lane is taken then, naming a holder', () => {
    const held = [holder('x', NINE, { laneId: 'dr-a' }), holder('y', NINE, { laneId: 'dr-b' })];
    const placement = placeRequest(held, request('cy', NINE, { lanes: ['dr-a', 'dr-b'] }));
    expect(placement).toEqual({ blocker: held[0] });
  });
});

describe('decideBatch', () => {
  const none = { held: [], activeCounts: new Map<string, number>(), maxActive: 10 };

  it('lets the earlier of two requests for one slot win, as separate transactions would', () => {
    const decision = decideBatch([request('ann', NINE), request('bob', NINE)], none);
    expect(decision.refusals).toEqual([undefined, { conflict: expect.objectContaining({ slot: NINE, patientId: 'ann' }) }]);
    expect(decision.winners.map((w) => [w.request.patientId, w.lane])).toEqual([['ann', 't1']]);
  });

  it('gives two "any doctor" requests for one time the two doctors', () => {
    const lanes = ['dr-a', 'dr-b'];
    const decision = decideBatch([request('ann', NINE, { lanes }), request('bob', NINE, { lanes }), request('cy', NINE, { lanes })], none);
    expect(decision.winners.map((w) => w.lane)).toEqual(['dr-a', 'dr-b']);
    expect(decision.refusals[2]).toEqual({ conflict: expect.objectContaining({ laneId: 'dr-a' }) });
  });

  it('refuses a second booking of one treatment on one day by the same patient, naming the first', () => {
    const decision = decideBatch([request('ann', NINE), request('ann', TEN)], none);
    expect(decision.refusals[1]).toEqual({ conflict: expect.objectContaining({ slot: NINE, patientId: 'ann' }) });
  });

  it('keeps lanes and days apart', () => {
    const decision = decideBatch(
      [request('ann', NINE), request('bob', NINE, { treatmentId: 't2' }), request('cy', NINE, { date: '2030-06-06' })],
      none,
    );
    expect(decision.refusals).toEqual([undefined, undefined, undefined]);
  });

  it('refuses against committed holders, and reports every holder of a date with the winners', () => {
    const held = [holder(null, NINE)];
    const decision = decideBatch([request('ann', NINE), request('bob', TEN)], { ...none, held });
    expect(decision.refusals).toEqual([{ conflict: held[0] }, undefined]);
    expect(decision.holdersOn(DATE).map((h) => [h.slot, h.patientId, h.laneId])).toEqual([
      [NINE, null, 't1'],
      [TEN, 'bob', 't1'],
    ]);
    expect(decision.holdersOn('2030-06-09')).toEqual([]);
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
    const held = [holder('bob', NINE)];
    const decision = decideBatch(
      [request('ann', NINE), request('ann', TEN, { treatmentId: 't2' })],
      { held, activeCounts: new Map([['ann', 1]]), maxActive: 2 },
    );
    expect(decision.refusals).toEqual([{ conflict: held[0] }, undefined]);
  });
});

describe('refusal wording', () => {
  it("describes the patient's own booking and keeps another patient's private", () => {
    const own = conflictError(request('ann', TEN), 'Teeth Orthodontics', holder('ann', NINE));
    expect(own.code).toBe(ErrorCode.CONFLICT);
    expect(own.message).toBe(`You already have Teeth Orthodontics on 2030-06-05 at ${NINE}.`);
    expect(own.extra).toEqual({ success: false, booking: { date: '2030-06-05', slot: NINE, treatment: 'Teeth Orthodontics' } });
    const other = conflictError(request('ann', TEN), 'Teeth Orthodontics', holder('bob', TEN));
    expect(other.message).toBe('That slot has just been taken; choose another.');
    expect(other.extra).toEqual({ success: false, booking: { date: '2030-06-05', slot: TEN, treatment: 'Teeth Orthodontics' } });
  });

  it("does not call the patient's booking of another treatment on the same doctor their own", () => {
    const onDoctor = holder('ann', TEN, { laneId: 'dr-a', treatmentId: 't2' });
    expect(conflictError(request('ann', TEN, { lanes: ['dr-a'] }), 'Teeth Orthodontics', onDoctor).message).toBe(
      'That slot has just been taken; choose another.',
    );
  });

  it('states the limit', () => {
    const error = overLimitError(10);
    expect(error.code).toBe(ErrorCode.BOOKING_LIMIT);
    expect(error.extra).toEqual({ limit: 10 });
  });
});
