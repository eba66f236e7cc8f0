/**
 * `POST /api/me/verification-email`: sends the signed-in patient the mail that proves their
 * address again (the booking dialog's 'Resend the mail'). Our own route rather than Better
 * Auth's `/send-verification-email`, which mails any address named in its body to anyone who
 * asks: here only the account's owner can ask, for their own address, a few times an hour.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { CallerResolver } from './caller.ts';
import type { RateLimiter } from '../rate-limit/rate-limit.service.ts';
import type { Auth } from './auth.ts';

/** Mails per account per hour: enough for a lost or slow mail, too few to flood an inbox. */
const RESENDS_PER_HOUR = 3;

export async function verificationRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; callers: CallerResolver; rateLimiter: RateLimiter },
) {
  const { auth, callers, rateLimiter } = opts;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/me/verification-email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: "Send the mail that confirms the caller's email address again",
        security: [{ bearer: [] }],
        response: { 202: z.object({ sent: z.literal(true), email: z.string() }) },
      },
    },
    async (request, reply) => {
      const caller = await callers.requireCaller(request);
      if (caller.emailVerified) {
        throw new AppError(ErrorCode.CONFLICT, 'Your email address is already confirmed.');
      }
      await rateLimiter.consume([
        {
          key: `verify-mail:account:${caller.userId}`,
          max: RESENDS_PER_HOUR,
          windowSeconds: 3600,
          message: (s) => `We have sent this mail several times already. Please wait ${Math.ceil(s / 60)} minutes and check your inbox.`,
        },
      ]);
      // Server-side: Better Auth makes the token and calls our sendVerificationEmail (the outbox).
      await auth.api.sendVerificationEmail({ body: { email: caller.email, callbackURL: '/verify-email' } });
      return reply.status(202).send({ sent: true as const, email: caller.email });
    },
  );
}
