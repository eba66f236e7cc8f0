import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import {
  accountDeletedSchema,
  accountDeletionSchema,
  accountExportFileName,
  accountExportSchema,
  meResponseSchema,
  profileUpdateSchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { AccountService } from './account.service.ts';

export async function accountRoutes(
  app: FastifyInstance,
  opts: { account: AccountService; callers: CallerResolver },
) {
  const { account, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  api.patch(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['identity'],
        summary: "Change the signed-in account's name, phone or reminder choice",
        security,
        body: profileUpdateSchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request) => ({
      user: await account.updateProfile(await callers.requireCaller(request), request.body),
    }),
  );

  api.get(
    '/api/me/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['identity'],
        summary:
          'Everything the clinic holds about the signed-in account, as one JSON download (3 per hour)',
        security,
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const document = await account.exportOf(await callers.requireCaller(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${accountExportFileName(document.exportedAt)}"`,
        )
        .header('cache-control', 'no-store')
        .send(document);
    },
  );

  api.delete(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['identity'],
        summary:
          'Delete the signed-in account (the password again, or a Google sign-in at most 10 minutes old); paid or attended bookings are kept without the person',
        security,
        body: accountDeletionSchema,
        response: { 202: accountDeletedSchema },
      },
    },
    async (request, reply) => {
      const caller = await callers.requireCaller(request);
      const result = await account.deleteAccount(caller, {
        password: request.body.password,
        headers: fromNodeHeaders(request.headers),
        ip: request.ip,
      });
      return reply.code(202).header('cache-control', 'no-store').send(result);
    },
  );
}
