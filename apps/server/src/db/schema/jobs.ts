/**
 * Background work (design section 6.1): a job exists if and only if what caused it committed
 * (it is inserted in the same transaction), and every instance's runner claims due jobs with
 * `FOR UPDATE SKIP LOCKED` and a lease, so each runs on one instance at a time. Periodic ticks
 * are rows keyed by their minute (`dedupe_key`), so a tick runs once per minute cluster-wide.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `waitlist.match`, `tick.expire-offers`, `tick.purge-jobs`, ... */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** At most one job per key, ever (a tick's minute, say). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** While `running`: when the claim lapses (the instance may have died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('jobs_dedupe_key_unique').on(t.dedupeKey), index('jobs_due_idx').on(t.status, t.runAt)],
);
