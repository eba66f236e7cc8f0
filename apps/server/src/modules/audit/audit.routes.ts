import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { CallerResolver } from '../identity/caller.ts';
import { listRecentAudit } from './audit.service.ts';

/** Read-only: the audit log has no route that changes it. */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db; callers: CallerResolver }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Admin actions and reads of patient data, newest first (the latest 100; filter by actor, target or action; `before` pages back)',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request) => {
      await opts.callers.requireAdmin(request);
      return listRecentAudit(opts.db, request.query);
    },
  );
}
