import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getSessionCookie } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import {
  adminResponseSchema,
  deletedCountSchema,
  modifiedCountSchema,
  userListItemSchema,
  emailParamsSchema,
  ErrorCode,
  meResponseSchema,
  userTokenBodySchema,
  userTokenResponseSchema,
} from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { CallerResolver } from '../../plugins/caller.ts';
import type { AccountService } from '../account/account.service.ts';
import type { UsersService } from './users.service.ts';

/** The caller's own signed session token, from the bearer header or the session cookie. */
function presentedSessionToken(headers: Record<string, string | string[] | undefined>) {
  const authorization = typeof headers.authorization === 'string' ? headers.authorization : '';
  if (/^bearer /i.test(authorization)) return authorization.slice(7).trim() || null;
  const cookie = getSessionCookie(fromNodeHeaders(headers));
  return cookie ? decodeURIComponent(cookie) : null;
}

export async function usersRoutes(
  app: FastifyInstance,
  opts: { users: UsersService; callers: CallerResolver; account: Pick<AccountService, 'phoneOf'> },
) {
  const { users, callers, account } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/user/:email',
    {
      config: { access: 'signed-in' },
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
      return users.issueToken(caller, email, presentedSessionToken(request.headers));
    },
  );

  api.get(
    '/api/admin/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['identity'],
        summary: 'Whether this email belongs to an admin',
        params: emailParamsSchema,
        response: { 200: adminResponseSchema },
      },
    },
    async (request) => users.isAdmin(await callers.requireCaller(request), request.params.email),
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
              phone: await account.phoneOf(caller),
              twoFactorEnabled: caller.twoFactorEnabled,
            }
          : null,
      };
    },
  );

  const security = [{ bearer: [] }];

  api.get(
    '/api/user',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'All users', security, response: { 200: z.array(userListItemSchema) } } },
    async (request) => {
      return users.list(await callers.requireAdmin(request));
    },
  );

  api.put(
    '/api/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make a user an admin',
        security,
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema },
      },
    },
    async (request) => users.makeAdmin(await callers.requireAdmin(request), request.params.email),
  );

  api.delete(
    '/api/user/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Remove a user (not oneself, not the last admin); upcoming bookings are cancelled',
        security,
        params: emailParamsSchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => users.remove(await callers.requireAdmin(request), request.params.email),
  );
}
