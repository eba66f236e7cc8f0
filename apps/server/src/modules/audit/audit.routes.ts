import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { CallerResolver } from '../../plugins/caller.ts';
import { listAudit } from './audit.repository.ts';

const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});

/** Read-only: the audit log has no route that changes it. */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db; callers: CallerResolver }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The latest 100 admin actions',
        security: [{ bearer: [] }],
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request) => {
      await opts.callers.requireAdmin(request);
      return (await listAudit(opts.db)).map((e) => ({
        _id: e.id,
        actor: e.actorEmail,
        action: e.action,
        target: e.target,
        detail: e.detail,
        at: e.createdAt.toISOString(),
      }));
    },
  );
}
