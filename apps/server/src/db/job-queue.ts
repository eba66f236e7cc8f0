/**
 * Putting work on the job queue (modules/jobs/job-runner.ts runs it). Every module that causes
 * background work stores its job rows here, in the transaction of what caused them, so a job
 * exists if and only if its cause committed. Here, beside the schema, because every module
 * enqueues and no module may import another's repository.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { jsonInsert } from './json-rows.ts';
import type { PendingWrite } from '../lib/pending-write.ts';
import { jobs } from './schema.ts';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** At most one job ever has this key (a tick's minute); a second insert is ignored. */
  dedupeKey?: string;
  runAt: Date;
}

const insertJobs = (db: Db, rows: readonly NewJob[]) =>
  db
    .insert(jobs)
    .values(rows.map((r) => ({ kind: r.kind, payload: r.payload ?? {}, dedupeKey: r.dedupeKey, runAt: r.runAt })))
    .onConflictDoNothing({ target: jobs.dedupeKey });

/** Stores jobs; pass the transaction of what caused them. Answers how many were stored. */
export async function enqueueJobs(db: Db, rows: readonly NewJob[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await insertJobs(db, rows).returning({ id: jobs.id });
  return inserted.length;
}

/** `enqueueJobs` as a pending write (lib/pending-write.ts), for a transaction that sends its writes together. */
export function enqueueJobsWrite(db: Db, rows: readonly NewJob[]): PendingWrite[] {
  if (rows.length === 0) return [];
  const asJson = jsonInsert(jobs, rows.map((r) => ({ kind: r.kind, payload: r.payload ?? {}, dedupeKey: r.dedupeKey, runAt: r.runAt })), sql` ON CONFLICT ("dedupe_key") DO NOTHING`);
  return [asJson ?? insertJobs(db, rows).getSQL()];
}

/** A fresh id for a record whose job is stored beside it (the job names it before it exists). */
export const newRecordId = (): string => randomUUID();
