/**
 * A transaction with hooks that run once it has committed. A service that changes data inside
 * another module's transaction (an account removed with its bookings) cannot drop its own
 * in-memory copies there: the transaction may still roll back, and dropping them before the
 * commit lets a concurrent read cache the old rows again. It registers `afterCommit` instead.
 */
import type { Db } from '../db/client.ts';

export interface UnitOfWork {
  /** The transaction's handle: every query of the work goes through it. */
  tx: Db;
  /** Runs `fn` after the commit; never if the transaction rolls back. */
  afterCommit(fn: () => void): void;
}

export async function inTransaction<T>(db: Db, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await db.transaction((tx) => work({ tx, afterCommit: (fn) => void hooks.push(fn) }));
  // The data is committed whatever a hook does: one failing must not stop the others.
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // A hook only drops local copies; the next change or NOTIFY drops them again.
    }
  }
  return result;
}
