import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backgroundWorkSchema, type BackgroundWork } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { CallerResolver } from '../identity/caller.ts';
import type { DiskWatch } from '../disk/disk-watch.ts';
import { outboxOverview } from '../mail/mail.service.ts';
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
      const [counts, failed, outbox] = [await countJobs(db), await listFailedJobs(db, 20), await outboxOverview(db, at)];
      const kinds = new Map<string, BackgroundWork['jobs'][number]>();
      for (const c of counts) {
        const row = kinds.get(c.kind) ?? { kind: c.kind, pending: 0, running: 0, done: 0, failed: 0 };
        row[c.status] += c.count;
        kinds.set(c.kind, row);
      }
      return {
        jobs: [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
        failedJobs: failed.map((j) => ({ _id: j.id, kind: j.kind, attempts: j.attempts, lastError: j.lastError, at: (j.finishedAt ?? j.createdAt).toISOString() })),
        mail: outbox.counts,
        upcomingMail: outbox.upcoming,
        smtpConfigured: opts.smtpConfigured,
        disk: opts.disk?.current() ?? null,
      };
    },
  );
}
