import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { backgroundWorkSchema, type BackgroundWork } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { CallerResolver } from '../identity/caller.ts';
import type { DiskWatch } from '../disk/disk-watch.ts';
import { countJobs, listFailedJobs } from './jobs.repository.ts';

/** What background work is waiting and what failed (design section 6.1), for admins. */
export async function jobsRoutes(
  app: FastifyInstance,
  opts: { db: Db; callers: CallerResolver; now: () => Date; smtpConfigured: boolean; disk: Pick<DiskWatch, 'current'> | null },
) {
  const { db, callers, now } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/background',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Background jobs per kind and state, the latest failures, the outbox (scheduled reminders included), and free disk space',
        security: [{ bearer: [] }],
        response: { 200: backgroundWorkSchema },
      },
    },
    async (request): Promise<BackgroundWork> => {
      await callers.requireAdmin(request);
      const at = now();
      const [counts, failed, mailCounts, upcoming] = [
        await countJobs(db),
        await listFailedJobs(db, 20),
        await db
          .select({
            status: outbox.status,
            scheduled: sql<boolean>`${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} > ${at}`,
            n: sql<number>`count(*)::int`,
          })
          .from(outbox)
          .groupBy(outbox.status, sql`2`),
        await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), gt(outbox.nextAttemptAt, at)))
          .orderBy(asc(outbox.nextAttemptAt))
          .limit(20),
      ];
      const kinds = new Map<string, BackgroundWork['jobs'][number]>();
      for (const c of counts) {
        const row = kinds.get(c.kind) ?? { kind: c.kind, pending: 0, running: 0, done: 0, failed: 0 };
        row[c.status] += c.count;
        kinds.set(c.kind, row);
      }
      const mail = { pending: 0, scheduled: 0, sending: 0, failed: 0, cancelled: 0, expired: 0 };
      for (const m of mailCounts) {
        if (m.status === 'pending') mail[m.scheduled ? 'scheduled' : 'pending'] += m.n;
        else if (m.status !== 'sent') mail[m.status] += m.n;
      }
      return {
        jobs: [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
        failedJobs: failed.map((j) => ({ _id: j.id, kind: j.kind, attempts: j.attempts, lastError: j.lastError, at: (j.finishedAt ?? j.createdAt).toISOString() })),
        mail,
        upcomingMail: upcoming.map((m) => ({ _id: m.id, kind: m.kind, to: m.toAddress, subject: m.subject, notBefore: m.nextAttemptAt.toISOString() })),
        smtpConfigured: opts.smtpConfigured,
        disk: opts.disk?.current() ?? null,
      };
    },
  );
}
