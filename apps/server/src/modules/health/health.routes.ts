import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, healthResponseSchema, localeSchema, type PaymentMode } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-errors.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DiskWatch } from '../disk/disk-watch.ts';

export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: Database; config: Config; disk: Pick<DiskWatch, 'current'> | null },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness, database reachability, the payment mode (test or Stripe), and free disk space (embedded database)',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      try {
        await opts.database.db.execute(sql`SELECT 1`);
      } catch (error) {
        // Alive, but not able to serve: a load balancer takes the instance out until it can.
        throw new AppError(ErrorCode.UNAVAILABLE, 'The database is unreachable.', {
          cause: error,
          extra: { database: 'unreachable' },
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      }
      const payments: PaymentMode = opts.config.stripe ? 'stripe' : 'test';
      // A full disk is not a dead process: health stays 200 and says so (writes get 503 disk_full).
      return { status: 'ok' as const, database: opts.database.kind, payments, ...(opts.disk ? { disk: opts.disk.current() } : {}) };
    },
  );
  api.get(
    '/api/config',
    {
      schema: {
        tags: ['operations'],
        summary: 'What the web app needs to know about this installation',
        response: {
          200: z.object({
            googleSignIn: z.boolean(),
            /** `booking`: a patient must confirm the email address before booking (REQUIRE_EMAIL_VERIFICATION). */
            emailVerification: z.enum(['none', 'booking']),
            /** SMS_PROVIDER is set: patients may take reminders and recalls by text (the profile page). */
            textMessages: z.boolean(),
            /** CHECKIN_OPENS_MINUTES: how long before a visit's start the patient may check in. */
            checkInOpensMinutes: z.number().int(),
            /** DEFAULT_LOCALE: the language of a visitor nothing else chose one for. */
            defaultLocale: localeSchema,
          }),
        },
      },
    },
    async () => ({
      googleSignIn: Boolean(opts.config.google),
      emailVerification: opts.config.requireEmailVerification,
      textMessages: Boolean(opts.config.sms),
      checkInOpensMinutes: opts.config.intake.checkInOpensMinutes,
      defaultLocale: opts.config.defaultLocale,
    }),
  );
}
