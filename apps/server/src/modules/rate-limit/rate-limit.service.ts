/**
 * Fixed-window rate limiting backed by the database, so N instances share one count.
 * Used on sign-in and sign-up, per IP and per account.
 */
import { ErrorCode } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteExpiredWindows, hitWindow } from './rate-limit.repository.ts';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export function createRateLimiter(db: Db, now: () => Date = () => new Date()) {
  let calls = 0;
  return {
    /** Counts a hit on every limit; throws 429 with Retry-After when any is exceeded. */
    async consume(limits: Limit[]): Promise<void> {
      if (++calls % 500 === 0) await deleteExpiredWindows(db);
      for (const limit of limits) {
        const window = await hitWindow(db, limit.key, limit.windowSeconds);
        if (window.hits > limit.max) {
          const retryAfter = Math.max(1, Math.ceil((window.resetAt.getTime() - now().getTime()) / 1000));
          throw new AppError(
            ErrorCode.RATE_LIMITED,
            `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
            { headers: { 'retry-after': String(retryAfter) } },
          );
        }
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
