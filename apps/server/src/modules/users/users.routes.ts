import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminResponseSchema,
  deletedCountSchema,
  modifiedCountSchema,
  userListItemSchema,
  userListQuerySchema,
  emailParamsSchema,
  setRoleRequestSchema,
  staffInviteRequestSchema,
  staffUserResponseSchema,
  userIdParamsSchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { InviteStaff } from './invite-staff.service.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(
  app: FastifyInstance,
  opts: { users: UsersService; inviteStaff: InviteStaff; callers: CallerResolver },
) {
  const { users, inviteStaff, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

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

  const security = [{ bearer: [] }];

  api.get(
    '/api/user',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'All users; q searches names and addresses, limit/offset page them (X-Total-Count: the matches in all)',
        security,
        querystring: userListQuerySchema,
        response: { 200: z.array(userListItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, total, isNarrowed } = await users.list(await callers.requireAdmin(request), request.query);
      if (isNarrowed) reply.header('x-total-count', String(total));
      return items;
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

  api.put(
    '/api/admin/users/:id/role',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Give an account a role (a doctor's account works as one doctor; the last admin keeps the role)",
        security,
        params: userIdParamsSchema,
        body: setRoleRequestSchema,
        response: { 200: staffUserResponseSchema },
      },
    },
    async (request) => users.setRole(await callers.requireAdmin(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/staff',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Give an address a staff role: an existing account gets it; a new address gets an account and a welcome mail with a link to set its password',
        security,
        body: staffInviteRequestSchema,
        response: { 201: staffUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = await inviteStaff(await callers.requireAdmin(request), request.body);
      return reply.status(201).send({ user });
    },
  );
}
