import { describe, expect, it } from 'vitest';
import { createAvailabilityCache, type TakenSlots } from './availability-cache.ts';

// A lane's taken times, one per start given (30-minute spans).
const taken = (...starts: number[]): TakenSlots => new Map([['t1', starts.map((start) => ({ start, end: start + 30 }))]]);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('availability cache', () => {
  it('loads a date once and serves it from memory after', async () => {
    const cache = createAvailabilityCache();
    let loads = 0;
    const load = async () => (loads++, taken(480));
    await cache.get('2030-06-05', load);
    await cache.get('2030-06-05', load);
    expect(loads).toBe(1);
  });

  it('shares one load among concurrent misses', async () => {
    const cache = createAvailabilityCache();
    let loads = 0;
    const gate = deferred<TakenSlots>();
    const load = () => (loads++, gate.promise);
    const all = Promise.all([cache.get('d', load), cache.get('d', load), cache.get('d', load)]);
    gate.resolve(taken(480));
    await all;
    expect(loads).toBe(1);
  });

  it('reloads a date after it is invalidated, and only that date', async () => {
    const cache = createAvailabilityCache();
    let loads = 0;
    const load = async () => (loads++, taken());
    await cache.get('d1', load);
    await cache.get('d2', load);
    cache.invalidate('d1');
    await cache.get('d1', load);
    await cache.get('d2', load);
    expect(loads).toBe(3);
  });

  it('never keeps a load that an invalidation overtook', async () => {
    const cache = createAvailabilityCache();
    const slow = deferred<TakenSlots>();
    const first = cache.get('d', () => slow.promise); // reads the database before the booking
    cache.invalidate('d'); // the booking commits meanwhile
    slow.resolve(taken()); // the stale read arrives
    expect((await first).taken.get('t1')).toEqual([]);
    const fresh = await cache.get('d', async () => taken(540));
    expect(fresh.taken.get('t1')).toEqual([{ start: 540, end: 570 }]);
  });

  it('renders an answer once per entry and clock state, and anew after a change', async () => {
    const cache = createAvailabilityCache();
    let renders = 0;
    const render = () => (renders++, Buffer.from(`answer ${renders}`));
    const entry = await cache.get('d', async () => taken(480));
    expect(cache.answer(entry, '09:00', render).toString()).toBe('answer 1');
    expect(cache.answer(entry, '09:00', render).toString()).toBe('answer 1');
    expect(cache.answer(entry, '09:01', render).toString()).toBe('answer 2');
    cache.invalidate('d');
    const reloaded = await cache.get('d', async () => taken(480, 510));
    expect(cache.answer(reloaded, '09:00', render).toString()).toBe('answer 3');
  });

  it('forgets everything on reset', async () => {
    const cache = createAvailabilityCache();
    let loads = 0;
    const load = async () => (loads++, taken());
    await cache.get('d', load);
    cache.reset();
    await cache.get('d', load);
    expect(loads).toBe(2);
  });

  describe('slot holders', () => {
    const ann = {
      lanes: new Set(['t1']),
      holders: [{ laneId: 't1', treatmentId: 't1', startMin: 540, endMin: 570, slot: '09.00 AM - 09.30 AM', patientId: 'ann' }],
    };

    it('keeps what a transaction saw until the date changes', () => {
      const cache = createAvailabilityCache();
      cache.rememberHolders('d', 't1', ann, cache.generation('d'));
      expect(cache.holdersOf('d', 't1')).toEqual(ann);
      expect(cache.holdersOf('d', 't2')).toBeUndefined();
      expect(cache.holdersOf('other', 't1')).toBeUndefined();
      cache.invalidate('d');
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
    });

    it('never keeps what a transaction saw if the date changed after it began', () => {
      const cache = createAvailabilityCache();
      const seenAt = cache.generation('d');
      cache.invalidate('d'); // a cancellation, say, committed while the transaction ran
      cache.rememberHolders('d', 't1', ann, seenAt);
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
      const afterReset = cache.generation('d');
      cache.reset();
      cache.rememberHolders('d', 't1', ann, afterReset);
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
    });

    it('forgets every date on reset', () => {
      const cache = createAvailabilityCache();
      cache.rememberHolders('d', 't1', ann, cache.generation('d'));
      cache.reset();
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
    });
  });
});
