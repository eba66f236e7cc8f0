import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEntrySchema } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import type { CallerResolver } from '../identity/caller.ts';
import { listRecentMails } from './mail.service.ts';

/** The outbox, for admins: with no SMTP configured, this is where the clinic's mail waits. */
export async function mailRoutes(app: FastifyInstance, opts: { db: Db; callers: CallerResolver }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail and its delivery state, newest first',
        security: [{ bearer: [] }],
        response: { 200: z.array(outboxEntrySchema) },
      },
    },
    async (request) => {
      await opts.callers.requireAdmin(request);
      return listRecentMails(opts.db);
    },
  );
}
