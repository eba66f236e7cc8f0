import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { healthResponseSchema } from '@clinic/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';

export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: Database; config: Config },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      await opts.database.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: opts.database.kind };
    },
  );
  api.get(
    '/api/config',
    {
      schema: {
        tags: ['operations'],
        summary: 'What the web app needs to know about this installation',
        response: { 200: z.object({ googleSignIn: z.boolean() }) },
      },
    },
    async () => ({ googleSignIn: Boolean(opts.config.google) }),
  );
}
