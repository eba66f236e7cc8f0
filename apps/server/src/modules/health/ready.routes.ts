/**
 * Readiness for a load balancer (`GET /api/health` is liveness): whether this instance can serve
 * now. The database answers, it has every committed migration, and the LISTEN connection that
 * carries other instances' changes is up (without it this instance's caches could serve stale
 * availability). A 503 names the failing checks; during shutdown every request, this one
 * included, is answered 503 by plugins/drain.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode, readyResponseSchema, type ReadinessChecks } from '@clinic/shared';
import type { Database } from '../../db/client.ts';
import { hasAllMigrations } from '../../db/migrate.ts';
import { titleFor } from '../../lib/app-error.ts';
import { sendProblem } from '../../plugins/error-handler.ts';

/** A check that takes longer than this counts as failed: a load balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 3_000;
/** What a 503 asks a client to wait before asking again. */
export const READY_RETRY_AFTER_SECONDS = 5;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(database: Database): Promise<ReadinessChecks> {
  const listener = database.isListening() ? 'ok' : 'disconnected';
  try {
    const migrated = await withTimeout(hasAllMigrations(database.db), CHECK_TIMEOUT_MS);
    return { database: 'ok', migrations: migrated ? 'ok' : 'pending', listener };
  } catch {
    return { database: 'unreachable', migrations: 'unknown', listener };
  }
}

export async function readyRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers, its migrations are applied, LISTEN is connected (503 otherwise)',
        response: { 200: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const checks = await checkReadiness(opts.database);
      const failing = Object.entries(checks).filter(([, state]) => state !== 'ok');
      if (failing.length === 0) return { status: 'ready' as const, database: opts.database.kind, checks };
      return sendProblem(
        reply,
        {
          ...({ checks } as Record<string, unknown>),
          title: titleFor(503),
          status: 503,
          detail: `Not ready: ${failing.map(([check, state]) => `${check} ${state}`).join(', ')}.`,
          code: ErrorCode.UNAVAILABLE,
        },
        { 'retry-after': String(READY_RETRY_AFTER_SECONDS) },
      );
    },
  );
}
