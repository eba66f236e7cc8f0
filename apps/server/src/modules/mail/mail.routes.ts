import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { CallerResolver } from '../../plugins/caller.ts';
import { listOutbox } from './outbox.repository.ts';

const outboxEntrySchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

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
      return (await listOutbox(opts.db)).map((m) => ({
        _id: m.id,
        kind: m.kind,
        to: m.toAddress,
        subject: m.subject,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      }));
    },
  );
}
