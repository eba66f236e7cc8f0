/**
 * Runs background work on every instance (design section 6.1): due jobs are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, run by their kind's handler, and retried with
 * exponential backoff until `maxAttempts`, then left `failed` for admins to see.
 *
 * Periodic work needs no leader: each instance, every `tickEveryMs`, inserts each tick's row for
 * the current minute under the key `tick:<kind>:<minute>`, and the unique key keeps one per
 * minute cluster-wide, which one instance then claims. Why not pg-boss or graphile-worker on Node
 * 20 with PGlite: the design's section 6.1.
 */
import type { Db } from '../../db/client.ts';
import { claimDueJobs, enqueueJobs, markJobDone, markJobFailed, purgeDoneJobs, scheduleJobRetry, type JobRow } from './jobs.repository.ts';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  now?: () => Date;
  /** What each kind of job does; a job of an unknown kind fails at once. */
  handlers: Record<string, JobHandler>;
  /** Kinds that run once a minute (their handlers are in `handlers`). */
  ticks?: readonly string[];
  pollMs?: number;
  tickEveryMs?: number;
  leaseSeconds?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  batchSize?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Done jobs are kept this long, then purged by `tick.purge-jobs`. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

/** The key of a tick's row: one per kind and minute. */
export const tickKey = (kind: string, at: Date) => `tick:${kind}:${at.toISOString().slice(0, 16)}`;

export function createJobRunner(options: JobRunnerOptions) {
  const {
    db, now = () => new Date(), pollMs = 2000, tickEveryMs = 30_000, leaseSeconds = 300, maxAttempts = 5,
    retryBaseMs = 10_000, retryMaxMs = 3_600_000, batchSize = 10,
  } = options;
  const handlers: Record<string, JobHandler> = {
    ...options.handlers,
    'tick.purge-jobs': async () => {
      await purgeDoneJobs(db, new Date(now().getTime() - KEEP_DONE_MS));
    },
  };
  const ticks = [...(options.ticks ?? []), 'tick.purge-jobs'];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let lastTickAt = -Infinity;

  async function run(job: JobRow) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw Object.assign(new Error(`no handler for job kind ${job.kind}`), { permanent: true });
      await handler(job.payload, job);
      await markJobDone(db, job.id, now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if ((error as { permanent?: boolean }).permanent || job.attempts >= maxAttempts) {
        options.log?.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed, giving up');
        await markJobFailed(db, job.id, message, now());
      } else {
        const delay = Math.min(retryBaseMs * 2 ** (job.attempts - 1), retryMaxMs);
        options.log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delay, err: message }, 'job failed, will retry');
        await scheduleJobRetry(db, job.id, message, new Date(now().getTime() + delay));
      }
    }
  }

  /** This minute's tick rows (a second insert of a minute's row, from any instance, is ignored). */
  async function tick(): Promise<number> {
    const at = now();
    return enqueueJobs(db, ticks.map((kind) => ({ kind, dedupeKey: tickKey(kind, at), runAt: at })));
  }

  /** One pass: the ticks when due, then what is due, claimed and run. Returns how many jobs ran. */
  async function runOnce(): Promise<number> {
    const at = now().getTime();
    if (at - lastTickAt >= tickEveryMs || at < lastTickAt) {
      lastTickAt = at;
      await tick();
    }
    const claimed = await claimDueJobs(db, batchSize, leaseSeconds, now());
    for (const job of claimed) await run(job);
    return claimed.length;
  }

  /** Runs passes until nothing is due (tests: "within one runner cycle"). */
  async function drain(maxPasses = 20): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxPasses; i++) {
      const n = await runOnce();
      total += n;
      if (n === 0) break;
    }
    return total;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().catch((error: unknown) => options.log?.error({ err: String(error) }, 'job pass failed'));
      void running.finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    runOnce,
    drain,
    tick,
    start: schedule,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
