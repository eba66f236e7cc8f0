/**
 * A guardian's family (practice-loop.md section 7): `/api/me/dependents` and the invitations
 * (a second guardian, the handover). Signed-in patients only; a dependent that is not the
 * caller's is a 404, never a 403.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dependentDeleteQuerySchema,
  dependentInputSchema,
  dependentListSchema,
  dependentPatchSchema,
  dependentSchema,
  invitationRequestSchema,
  invitationSentSchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { FamiliesService } from './families.service.ts';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

export async function familiesRoutes(app: FastifyInstance, opts: { families: FamiliesService; callers: CallerResolver }) {
  const { families, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { config: { access: 'signed-in' as const } };
  const schema = { tags: ['families'], security: [{ bearer: [] }] };
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/api/me/dependents',
    { ...signedIn, schema: { ...schema, summary: "The caller's dependents, with their guardians and upcoming appointments' count", response: { 200: dependentListSchema } } },
    async (request, reply) => reply.headers(noStore).send(await families.list(await callers.requireCaller(request))),
  );
  api.post(
    '/api/me/dependents',
    { ...signedIn, schema: { ...schema, summary: 'Adds a dependent (a patient without a login) the caller manages', body: dependentInputSchema, response: { 201: dependentSchema } } },
    async (request, reply) => reply.status(201).send(await families.add(await callers.requireCaller(request), request.body)),
  );
  api.patch(
    '/api/me/dependents/:id',
    { ...signedIn, schema: { ...schema, summary: "Changes a dependent's name, date of birth or the caller's word for the relationship", params: idParams, body: dependentPatchSchema, response: { 200: dependentSchema } } },
    async (request) => families.update(await callers.requireCaller(request), request.params.id, request.body),
  );
  api.delete(
    '/api/me/dependents/:id',
    {
      ...signedIn,
      schema: { ...schema, summary: 'Removes a dependent (409 has_future_bookings while they have upcoming appointments, unless cancelFuture=true)', params: idParams, querystring: dependentDeleteQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await families.remove(await callers.requireCaller(request), request.params.id, request.query.cancelFuture === 'true');
      return reply.status(204).send(null);
    },
  );
  api.post(
    '/api/me/dependents/:id/guardians',
    { ...signedIn, schema: { ...schema, summary: 'Mails an invitation to manage the dependent too (a `guardian` link)', params: idParams, body: invitationRequestSchema, response: { 202: invitationSentSchema } } },
    async (request, reply) => reply.status(202).send(await families.inviteGuardian(await callers.requireCaller(request), request.params.id, request.body.email)),
  );
  api.post(
    '/api/me/dependents/:id/handover',
    { ...signedIn, schema: { ...schema, summary: 'From DEPENDENT_HANDOVER_AGE: mails the dependent an invitation to their own account (a `handover` link)', params: idParams, body: invitationRequestSchema, response: { 202: invitationSentSchema } } },
    async (request, reply) => reply.status(202).send(await families.handover(await callers.requireCaller(request), request.params.id, request.body.email)),
  );
}
