import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { rowFromDriver } from '../../db/json-rows.ts';
import { containing } from '../../lib/like-pattern.ts';

export interface WindowCount {
  hits: number;
  resetAt: Date;
}

/** Counts one hit against `key` in a fixed window, atomically, and returns the window's state. */
export async function hitWindow(db: Db, key: string, windowSeconds: number): Promise<WindowCount> {
  return (await hitWindows(db, [{ key, hits: 1 }], windowSeconds)).get(key)!;
}

/**
 * Counts `hits` against each key in one statement (keys distinct), each in a fixed window of
 * `windowSeconds`, and returns every key's window after the count.
 */
export async function hitWindows(
  db: Db,
  counts: { key: string; hits: number }[],
  windowSeconds: number,
): Promise<Map<string, WindowCount>> {
  if (counts.length === 0) return new Map();
  // One text whatever the number of keys (the keys as one JSON parameter): the booking path runs
  // this for every batch, and Drizzle's builder made it anew each time (issue 37).
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, hits, reset_at)
    SELECT c.key, c.hits, now() + make_interval(secs => ${windowSeconds}) FROM json_to_recordset(${JSON.stringify(counts)}::json) AS c(key text, hits integer)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN excluded.hits ELSE rate_limits.hits + excluded.hits END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING *`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => rowFromDriver<typeof rateLimits.$inferSelect>(rateLimits, row));
  return new Map(rows.map(({ key, hits, resetAt }) => [key, { hits, resetAt }]));
}

/** `key`'s current window without counting a hit; null when it has none. */
export async function readWindow(db: Db, key: string): Promise<WindowCount | null> {
  const [row] = await db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.resetAt} > now()`);
  return row ?? null;
}

export interface BackoffPolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The longest wait between two attempts, however many failures there were. */
  maxDelaySeconds: number;
  /** How long failures are remembered after the last one. */
  memorySeconds: number;
}

/**
 * A backoff row: `hits` is the number of failures, `reset_at` the last failure plus the memory,
 * so the last failure is `reset_at - memory`. After `freeFailures`, each attempt must wait
 * 2^(failures - freeFailures) seconds after the last failure, at most `maxDelaySeconds`.
 */
function backoffDue(policy: BackoffPolicy) {
  const memory = sql`make_interval(secs => ${policy.memorySeconds})`;
  const delaySeconds = sql`CASE WHEN ${rateLimits.hits} < ${policy.freeFailures} THEN 0
    ELSE least(power(2, least(${rateLimits.hits} - ${policy.freeFailures}, 30)), ${policy.maxDelaySeconds}) END`;
  return sql`${rateLimits.resetAt} - ${memory} + make_interval(secs => ${delaySeconds})`;
}

/**
 * Counts one failure against `key` before the attempt is made, atomically, unless the key must
 * still wait. Returns null when the attempt may go ahead (and is now counted), else the seconds
 * to wait. Counting first means simultaneous attempts cannot all slip through one free turn.
 */
export async function claimBackoffAttempt(db: Db, key: string, policy: BackoffPolicy): Promise<number | null> {
  const forgotten = sql`${rateLimits.resetAt} <= now()`;
  const claimed = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${policy.memorySeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        resetAt: sql`excluded.reset_at`,
      },
      setWhere: sql`${forgotten} OR now() >= ${backoffDue(policy)}`,
    })
    .returning({ hits: rateLimits.hits });
  if (claimed.length > 0) return null;
  const [row] = await db
    .select({ wait: sql<number>`greatest(1, ceil(extract(epoch from (${backoffDue(policy)}) - now())))::int` })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  return row?.wait ?? 1;
}

/** Forgets `key` entirely: a success clears the failures before it. */
export async function clearKey(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Old windows are dead weight; dropped now and then by the limiter. */
export async function deleteExpiredWindows(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now() - interval '1 hour'`);
}

/** Deletes every counter whose key contains one of `needles` (an erased account's email or id). */
export async function deleteKeysMentioning(db: Db, needles: string[]): Promise<void> {
  const patterns = needles.filter(Boolean).map(containing);
  if (patterns.length === 0) return;
  await db.delete(rateLimits).where(sql`${rateLimits.key} LIKE ANY (ARRAY[${sql.join(patterns.map((p) => sql`${p}`), sql`, `)}]::text[])`);
}
