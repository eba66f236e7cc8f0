import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Claims up to `limit` due jobs of `kinds` (those this instance has handlers for) (SKIP LOCKED: instances never wait on, or take,
 * each other's); a claim lapses after `leaseSeconds`, so a job held by an instance that died runs
 * again elsewhere. Times are the app's clock, which tests pin.
 */
export async function claimDueJobs(db: Db, kinds: readonly string[], limit: number, leaseSeconds: number, now: Date): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          sql`((${jobs.status} = 'pending' AND ${jobs.runAt} <= ${now}) OR (${jobs.status} = 'running' AND ${jobs.lockedUntil} <= ${now}))`,
          inArray(jobs.kind, [...kinds]),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseSeconds * 1000) })
      .where(inArray(jobs.id, due.map((d) => d.id)))
      .returning();
  });
}

export async function markJobDone(db: Db, id: string, now: Date): Promise<void> {
  await db.update(jobs).set({ status: 'done', lockedUntil: null, finishedAt: now, lastError: null }).where(eq(jobs.id, id));
}

export async function markJobFailed(db: Db, id: string, error: string, now: Date): Promise<void> {
  await db.update(jobs).set({ status: 'failed', lockedUntil: null, finishedAt: now, lastError: error }).where(eq(jobs.id, id));
}

/** Back to pending until `runAt`; `uncount`: the run was a poll, not an attempt (its claim does not count). */
export async function scheduleJobRetry(db: Db, id: string, error: string | null, runAt: Date, opts: { uncount?: boolean } = {}): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'pending', lockedUntil: null, lastError: error, runAt, ...(opts.uncount ? { attempts: sql`${jobs.attempts} - 1` } : {}) })
    .where(eq(jobs.id, id));
}

/** Done jobs finished before `before` are deleted (failed ones stay for admins to see). */
export async function purgeDoneJobs(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before))).returning({ id: jobs.id });
  return gone.length;
}

/** Per kind and status, how many jobs there are. */
export function countJobs(db: Db) {
  return db
    .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status);
}

export function listFailedJobs(db: Db, limit: number) {
  return db.select().from(jobs).where(eq(jobs.status, 'failed')).orderBy(desc(jobs.finishedAt)).limit(limit);
}

/** The jobs with a key starting with `prefix` (tests: the ticks of a kind). */
export function listJobsByKind(db: Db, kind: string) {
  return db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.runAt);
}
