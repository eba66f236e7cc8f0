/**
 * Rate limiting backed by the database, so N instances share one count: fixed windows (sign-in
 * and sign-up per address, contact messages, bookings) and failure backoff (sign-in per
 * account: a growing wait after repeated failures, cleared by a success).
 */
import { ErrorCode } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  claimBackoffAttempt,
  clearKey,
  deleteExpiredWindows,
  deleteKeysMentioning,
  hitWindow,
  hitWindows,
  readWindow,
  type BackoffPolicy,
  type WindowCount,
} from './rate-limit.repository.ts';

export type { BackoffPolicy };

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  /** The refusal's detail; by default a general "too many attempts". */
  message?: (retryAfterSeconds: number) => string;
}

function tooMany(detail: string, retryAfterSeconds: number) {
  return new AppError(ErrorCode.RATE_LIMITED, detail, { headers: { 'retry-after': String(retryAfterSeconds) } });
}

export function createRateLimiter(db: Db, now: () => Date = () => new Date()) {
  let calls = 0;
  const refusal = (limit: Limit, window: WindowCount) => {
    const retryAfter = Math.max(1, Math.ceil((window.resetAt.getTime() - now().getTime()) / 1000));
    return tooMany(limit.message?.(retryAfter) ?? `Too many attempts. Please wait ${retryAfter} seconds and try again.`, retryAfter);
  };
  return {
    /**
     * Counts one hit per entry of `keys` (a key may repeat) under one limit, in one statement,
     * and answers for each entry, in order, null when it is within the limit or else the 429 it
     * gets: for callers that gather many requests into one batch (bookings).
     */
    async consumeEach(keys: string[], limit: Omit<Limit, 'key'>): Promise<(AppError | null)[]> {
      if (++calls % 500 === 0) await deleteExpiredWindows(db);
      const counts = new Map<string, number>();
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      const windows = await hitWindows(db, [...counts].map(([key, hits]) => ({ key, hits })), limit.windowSeconds);
      // The batch's hits of a key are the window's last ones: the n-th of them is hit number
      // (total - batch hits + n).
      const seen = new Map<string, number>();
      return keys.map((key) => {
        const window = windows.get(key)!;
        const n = (seen.get(key) ?? 0) + 1;
        seen.set(key, n);
        return window.hits - counts.get(key)! + n > limit.max ? refusal({ ...limit, key }, window) : null;
      });
    },

    /** Counts a hit on every limit; throws 429 with Retry-After when any is exceeded. */
    async consume(limits: Limit[]): Promise<void> {
      if (++calls % 500 === 0) await deleteExpiredWindows(db);
      for (const limit of limits) {
        const window = await hitWindow(db, limit.key, limit.windowSeconds);
        if (window.hits > limit.max) throw refusal(limit, window);
      }
    },

    /**
     * Throws 429 with Retry-After when `limit` is already used up, without counting a hit: for
     * failures, which are counted (`count`) once they are known.
     */
    async check(limit: Limit): Promise<void> {
      const window = await readWindow(db, limit.key);
      if (window && window.hits >= limit.max) throw refusal(limit, window);
    },

    /** Counts a hit without deciding anything. */
    async count(limit: Pick<Limit, 'key' | 'windowSeconds'>): Promise<void> {
      await hitWindow(db, limit.key, limit.windowSeconds);
    },

    /**
     * Counts a failure against `key` before the attempt (so that simultaneous attempts share the
     * free ones), or throws 429 with Retry-After while the key must wait. `clear` on success.
     */
    async claimAttempt(key: string, policy: BackoffPolicy, message: (seconds: number) => string): Promise<void> {
      const wait = await claimBackoffAttempt(db, key, policy);
      if (wait !== null) throw tooMany(message(wait), wait);
    },

    /** Forgets every counter whose key names one of `needles` (an erased account's email or id). */
    async forgetKeysMentioning(needles: string[], tx: Db = db): Promise<void> {
      await deleteKeysMentioning(tx, needles);
    },

    /** Forgets every failure counted against `key`. */
    async clear(key: string): Promise<void> {
      await clearKey(db, key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
