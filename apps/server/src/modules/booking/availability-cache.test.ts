import { describe, expect, it } from 'vitest';
import { createAvailabilityCache, type TakenSlots } from './availability-cache.ts';

const taken = (...slots: string[]): TakenSlots => new Map([['t1', new Set(slots)]]);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('availability cache', () => {
  it('loads a date once and serves it from memory after', async () => {
    const cache = createAvailabilityCache();
    let loads = 0;
    const load = async () => (loads++, taken('a'));
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
    gate.resolve(taken('a'));
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
    expect((await first).taken.get('t1')?.size).toBe(0);
    const fresh = await cache.get('d', async () => taken('booked'));
    expect([...fresh.taken.get('t1')!]).toEqual(['booked']);
  });

  it('renders an answer once per entry and clock state, and anew after a change', async () => {
    const cache = createAvailabilityCache();
    let renders = 0;
    const render = () => (renders++, Buffer.from(`answer ${renders}`));
    const entry = await cache.get('d', async () => taken('a'));
    expect(cache.answer(entry, '09:00', render).toString()).toBe('answer 1');
    expect(cache.answer(entry, '09:00', render).toString()).toBe('answer 1');
    expect(cache.answer(entry, '09:01', render).toString()).toBe('answer 2');
    cache.invalidate('d');
    const reloaded = await cache.get('d', async () => taken('a', 'b'));
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
    const ann = { slot: '09.00 AM - 09.30 AM', patientId: 'ann' };

    it('keeps what a transaction saw until the date changes', () => {
      const cache = createAvailabilityCache();
      cache.rememberHolders('d', 't1', [ann], cache.generation('d'));
      expect(cache.holdersOf('d', 't1')).toEqual([ann]);
      expect(cache.holdersOf('d', 't2')).toBeUndefined();
      expect(cache.holdersOf('other', 't1')).toBeUndefined();
      cache.invalidate('d');
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
    });

    it('never keeps what a transaction saw if the date changed after it began', () => {
      const cache = createAvailabilityCache();
      const seenAt = cache.generation('d');
      cache.invalidate('d'); // a cancellation, say, committed while the transaction ran
      cache.rememberHolders('d', 't1', [ann], seenAt);
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
      const afterReset = cache.generation('d');
      cache.reset();
      cache.rememberHolders('d', 't1', [ann], afterReset);
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
    });

    it('forgets every date on reset', () => {
      const cache = createAvailabilityCache();
      cache.rememberHolders('d', 't1', [ann], cache.generation('d'));
      cache.reset();
      expect(cache.holdersOf('d', 't1')).toBeUndefined();
    });
  });
});
