import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

/** One turn of the event loop, in which a scheduled batch starts. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A `run` that records each batch and answers after the test releases it. */
function recorder(fail: (items: number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      releases.push(() => (fail(items) ? reject(new Error(`batch ${items.join(',')} failed`)) : resolve(items.map((n) => `done ${n}`))));
    });
  };
  /**
   * Releases every batch, until none has started for three turns of the event loop. (A
   * `setTimeout(0)` here could fire before the next batch's `setImmediate` on a loaded machine,
   * and the test then waited forever.)
   */
  async function drain() {
    for (let idle = 0; idle < 3; ) {
      const release = releases.shift();
      if (release) {
        idle = 0;
        release();
      } else idle++;
      await turn();
    }
  }
  return { run, batches, drain };
}

describe('group commit', () => {
  it('gathers what arrives in one turn into a batch, and what queues while it runs into the next', async () => {
    const r = recorder();
    const submit = createGroupCommit(r.run, { maxBatch: 10, concurrency: 1 });
    const results = [submit(1), submit(2)];
    expect(r.batches).toEqual([]);
    await turn();
    expect(r.batches).toEqual([[1, 2]]);
    results.push(submit(3), submit(4), submit(5));
    await turn();
    expect(r.batches).toEqual([[1, 2]]);
    await r.drain();
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
    expect(r.batches).toEqual([[1, 2], [3, 4, 5]]);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const r = recorder();
    const submit = createGroupCommit(r.run, { maxBatch: 2, concurrency: 1 });
    const results = [1, 2, 3, 4, 5].map((n) => submit(n));
    await turn();
    await r.drain();
    await Promise.all(results);
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('keeps up to `concurrency` batches in flight', async () => {
    const r = recorder();
    const submit = createGroupCommit(r.run, { maxBatch: 10, concurrency: 2 });
    const results = [submit(1)];
    await turn();
    results.push(submit(2));
    await turn();
    expect(r.batches).toEqual([[1], [2]]);
    results.push(submit(3), submit(4));
    await turn();
    expect(r.batches).toEqual([[1], [2]]);
    await r.drain();
    await Promise.all(results);
    expect(r.batches).toEqual([[1], [2], [3, 4]]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const r = recorder((items) => items.includes(3));
    const submit = createGroupCommit(r.run, { maxBatch: 10, concurrency: 1 });
    const results = [2, 3, 4].map((n) => submit(n).catch((error: Error) => error.message));
    await turn();
    await r.drain();
    expect(await Promise.all(results)).toEqual(['done 2', 'batch 3 failed', 'done 4']);
    expect(r.batches).toEqual([[2, 3, 4], [2], [3], [4]]);
  });

  it('goes on with the next batch after a failure', async () => {
    const r = recorder((items) => items[0] === 1);
    const submit = createGroupCommit(r.run, { maxBatch: 10, concurrency: 1 });
    const first = submit(1).catch((error: Error) => error.message);
    await turn();
    const second = submit(2);
    await r.drain();
    expect(await first).toBe('batch 1 failed');
    expect(await second).toBe('done 2');
    expect(r.batches).toEqual([[1], [2]]);
  });
});
