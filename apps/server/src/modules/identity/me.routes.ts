/**
 * The caller's own identity: the spec's token step (`PUT /api/user/:email`, DESIGN.md sections 4
 * and 6) and `GET /api/me`, the signed-in account or null.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getSessionCookie } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCode, type Locale, emailParamsSchema, meResponseSchema, userTokenBodySchema, userTokenResponseSchema } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Caller, CallerResolver } from './caller.ts';

/** The caller's own signed session token, from the bearer header or the session cookie. */
function presentedSessionToken(headers: Record<string, string | string[] | undefined>) {
  const authorization = typeof headers.authorization === 'string' ? headers.authorization : '';
  if (/^bearer /i.test(authorization)) return authorization.slice(7).trim() || null;
  const cookie = getSessionCookie(fromNodeHeaders(headers));
  return cookie ? decodeURIComponent(cookie) : null;
}

/**
 * The spec issued a token to anyone naming an email; we issue it only to the signed-in owner of
 * that address. The token is the signed session token, so signing out revokes it.
 */
export function issueToken(caller: Caller, email: string, sessionToken: string | null): { token: string } {
  if (caller.email !== email) {
    throw new AppError(ErrorCode.FORBIDDEN, 'You can only get a token for your own account.');
  }
  if (!sessionToken) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
  return { token: sessionToken };
}

/** What `GET /api/me` adds to the session's user from the account's row. */
export interface AccountProfile {
  phone: string;
  remindersOptOut: boolean;
  recallOptOut: boolean;
  smsOptIn: boolean;
  /** The account's language (PATCH /api/me {locale}); null: none chosen. */
  locale: Locale | null;
}

export async function meRoutes(
  app: FastifyInstance,
  opts: {
    callers: CallerResolver;
    /** The profile's phone, reminder choices and language, which the account module keeps. */
    profileOf: (caller: Caller) => Promise<AccountProfile>;
  },
) {
  const { callers, profileOf } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/user/:email',
    {
      // Reads the session it is asked with and writes nothing: served on a full disk too.
      config: { access: 'signed-in', onFullDisk: 'serve' },
      schema: {
        tags: ['identity'],
        summary: 'Exchange the signed-in session for the access token (own email only)',
        params: emailParamsSchema,
        body: userTokenBodySchema.optional(),
        response: { 200: userTokenResponseSchema },
      },
    },
    async (request) => {
      const caller = await callers.requireCaller(request);
      const { email } = request.params;
      if (request.body?.email && request.body.email !== email) {
        throw new AppError(ErrorCode.VALIDATION, 'The email in the body must match the URL.', {
          errors: { email: ['must match the email in the URL'] },
        });
      }
      return issueToken(caller, email, presentedSessionToken(request.headers));
    },
  );

  api.get(
    '/api/me',
    {
      schema: {
        tags: ['identity'],
        summary: 'The signed-in account, or null',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const caller = await callers.optionalCaller(request);
      return {
        user: caller
          ? {
              _id: caller.userId,
              name: caller.name,
              email: caller.email,
              role: caller.role,
              // A doctor's account says which doctor it works as (its lane).
              ...(caller.role === 'doctor' ? { doctorId: caller.doctorId ?? null } : {}),
              ...(await profileOf(caller)),
              twoFactorEnabled: caller.twoFactorEnabled,
            }
          : null,
      };
    },
  );
}
