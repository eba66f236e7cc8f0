/**
 * The one engine of background work (design section 6.1; decision 032): every kind of work that
 * must happen after a commit (a waitlist match, a refund asked of the processor, a mail handed to
 * SMTP, a periodic tick) is a row of `jobs`, inserted in the transaction that caused it. Every
 * instance runs this runner: due jobs are claimed with `FOR UPDATE SKIP LOCKED` and a lease, run
 * by their kind's handler, and retried with exponential backoff under the kind's policy until its
 * `maxAttempts`, then left `failed` for admins to see. No other claim loop or timer exists.
 *
 * A kind's record that screens read (an outbox row, a refund) stays its module's: the kind's
 * `retrying` and `failed` hooks write its state in the transaction that reschedules or fails the
 * job, so each failed state has one writer.
 *
 * Periodic work needs no leader: each instance, every `tickEveryMs`, inserts each tick's row for
 * the current minute (or day) under the key `tick:<kind>:<minute or day>`, and the unique key
 * keeps one per period cluster-wide, which one instance then claims. Why not pg-boss or
 * graphile-worker on Node 20 with PGlite: the design's section 6.1.
 */
import type { Db } from '../../db/client.ts';
import { enqueueJobs } from '../../db/job-queue.ts';
import { claimDueJobs, markJobDone, markJobFailed, purgeDoneJobs, scheduleJobRetry, type JobRow } from './jobs.repository.ts';

/** What a handler may answer: nothing (done), or "look again at" (a poll that is not a failure). */
export type JobOutcome = void | { again: Date };

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<JobOutcome>;

/** A kind of job with its own retry policy and the hooks that keep its module's record in step. */
export interface JobKind {
  run: JobHandler;
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** An error not worth retrying (an SMTP 5xx): the job fails at once. */
  isPermanent?: (error: unknown) => boolean;
  /** In the transaction that reschedules the job: the record shows the error and the next try. */
  retrying?: (tx: Db, payload: Record<string, unknown>, reason: string, at: Date) => Promise<void>;
  /** In the transaction that fails the job: the one writer of the record's failed state. */
  failed?: (tx: Db, payload: Record<string, unknown>, reason: string) => Promise<void>;
}

/** How often a periodic kind runs: once a minute, or once a (UTC) day. */
export type TickEvery = 'minute' | 'day';

export interface JobRunnerOptions {
  db: Db;
  now?: () => Date;
  /** What each kind of job does. A kind this instance has no handler for is left to one that has. */
  handlers: Record<string, JobHandler | JobKind>;
  /** Kinds that run periodically (their handlers are in `handlers`): a name runs each minute. */
  ticks?: readonly (string | { kind: string; every: TickEvery })[];
  pollMs?: number;
  tickEveryMs?: number;
  leaseSeconds?: number;
  /** Defaults of the kinds that set none; `retryBaseMs` here overrides every kind's (tests). */
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  batchSize?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Done jobs are kept this long, then purged by `tick.purge-jobs`. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

/** The key of a tick's row: one per kind and minute (or day). */
export const tickKey = (kind: string, at: Date, every: TickEvery = 'minute') =>
  `tick:${kind}:${at.toISOString().slice(0, every === 'day' ? 10 : 16)}`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createJobRunner(options: JobRunnerOptions) {
  const { db, now = () => new Date(), pollMs = 2000, tickEveryMs = 30_000, leaseSeconds = 300, batchSize = 10 } = options;
  const kinds = new Map<string, JobKind>();
  for (const [name, handler] of Object.entries(options.handlers)) kinds.set(name, typeof handler === 'function' ? { run: handler } : handler);
  kinds.set('tick.purge-jobs', {
    run: async () => void (await purgeDoneJobs(db, new Date(now().getTime() - KEEP_DONE_MS))),
  });
  const ticks = [...(options.ticks ?? []), 'tick.purge-jobs'].map((t) => (typeof t === 'string' ? { kind: t, every: 'minute' as const } : t));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let lastTickAt = -Infinity;

  function policyOf(kind: JobKind) {
    return {
      maxAttempts: kind.maxAttempts ?? options.maxAttempts ?? 5,
      retryBaseMs: options.retryBaseMs ?? kind.retryBaseMs ?? 10_000,
      retryMaxMs: kind.retryMaxMs ?? options.retryMaxMs ?? 3_600_000,
    };
  }

  async function run(job: JobRow) {
    const kind = kinds.get(job.kind);
    if (!kind) return; // claimed by kind, so only a handler removed since the claim
    try {
      const outcome = await kind.run(job.payload, job);
      // A poll (a refund the processor has not settled) is looked at again and is not an attempt.
      if (outcome) await scheduleJobRetry(db, job.id, null, outcome.again, { uncount: true });
      else await markJobDone(db, job.id, now());
    } catch (error) {
      const message = messageOf(error);
      const policy = policyOf(kind);
      if (kind.isPermanent?.(error) || job.attempts >= policy.maxAttempts) {
        options.log?.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed, giving up');
        await db.transaction(async (tx) => {
          await kind.failed?.(tx, job.payload, message);
          await markJobFailed(tx, job.id, message, now());
        });
      } else {
        const delay = Math.min(policy.retryBaseMs * 2 ** (job.attempts - 1), policy.retryMaxMs);
        const at = new Date(now().getTime() + delay);
        options.log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delay, err: message }, 'job failed, will retry');
        await db.transaction(async (tx) => {
          await kind.retrying?.(tx, job.payload, message, at);
          await scheduleJobRetry(tx, job.id, message, at);
        });
      }
    }
  }

  /** This period's tick rows (a second insert of a period's row, from any instance, is ignored). */
  async function tick(): Promise<number> {
    const at = now();
    return enqueueJobs(db, ticks.map(({ kind, every }) => ({ kind, dedupeKey: tickKey(kind, at, every), runAt: at })));
  }

  /**
   * One pass: the ticks when due, then what is due, claimed and run. Returns how many jobs ran.
   * `kinds` limits the pass to those kinds and skips the ticks (tests run one kind by hand).
   */
  async function runOnce(only?: { kinds?: readonly string[] }): Promise<number> {
    if (!only?.kinds) {
      const at = now().getTime();
      if (at - lastTickAt >= tickEveryMs || at < lastTickAt) {
        lastTickAt = at;
        await tick();
      }
    }
    const claimable = only?.kinds ? only.kinds.filter((k) => kinds.has(k)) : [...kinds.keys()];
    if (claimable.length === 0) return 0;
    const claimed = await claimDueJobs(db, claimable, batchSize, leaseSeconds, now());
    for (const job of claimed) await run(job);
    return claimed.length;
  }

  /** Runs passes until nothing is due (tests: "within one runner cycle"). */
  async function drain(maxPasses = 20, only?: { kinds?: readonly string[] }): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxPasses; i++) {
      const n = await runOnce(only);
      total += n;
      if (n === 0) break;
    }
    return total;
  }

  function schedule(delayMs = pollMs) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().catch((error: unknown) => options.log?.error({ err: messageOf(error) }, 'job pass failed'));
      void running.finally(() => schedule());
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,
    drain,
    tick,
    /** Starts polling; the first pass runs at once (a start-up's daily ticks, work left by a stop). */
    start: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
