import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { inTransaction } from './unit-of-work.ts';

/** A stand-in for Drizzle's `transaction`: commits when the callback resolves, rolls back when it throws. */
function fakeDb(log: string[]): Db {
  return {
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      log.push('begin');
      try {
        const result = await fn(this as unknown as Db);
        log.push('commit');
        return result;
      } catch (error) {
        log.push('rollback');
        throw error;
      }
    },
  } as unknown as Db;
}

describe('inTransaction', () => {
  it('runs afterCommit hooks after the commit, in order', async () => {
    const log: string[] = [];
    const result = await inTransaction(fakeDb(log), async ({ afterCommit }) => {
      afterCommit(() => log.push('first hook'));
      afterCommit(() => log.push('second hook'));
      log.push('work');
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toEqual(['begin', 'work', 'commit', 'first hook', 'second hook']);
  });

  it('never runs them when the transaction rolls back', async () => {
    const log: string[] = [];
    await expect(
      inTransaction(fakeDb(log), async ({ afterCommit }) => {
        afterCommit(() => log.push('hook'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(log).toEqual(['begin', 'rollback']);
  });

  it('runs every hook even when one throws', async () => {
    const log: string[] = [];
    await inTransaction(fakeDb(log), async ({ afterCommit }) => {
      afterCommit(() => {
        throw new Error('broken hook');
      });
      afterCommit(() => log.push('second hook'));
    });
    expect(log).toEqual(['begin', 'commit', 'second hook']);
  });
});
