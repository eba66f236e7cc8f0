/** The front desk's Recalls worklist (design practice-loop.md section 4). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminRecallItemSchema,
  adminRecallsPageSchema,
  adminRecallsQuerySchema,
  recallContactedRequestSchema,
  recallDismissRequestSchema,
  recallIdParamsSchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { RecallService } from './recall.service.ts';

export async function recallRoutes(app: FastifyInstance, opts: { recall: RecallService; callers: CallerResolver }) {
  const { recall, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const frontDesk = { config: { access: 'frontDesk' as const } };
  const security = [{ bearer: [] }];
  const tags = ['front desk'];
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/api/admin/recalls',
    {
      ...frontDesk,
      schema: { tags, summary: 'Patients due for a check-up (recall), by due date, keyset-paged; audited', security, querystring: adminRecallsQuerySchema, response: { 200: adminRecallsPageSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await recall.list(await callers.requireCapability(request, 'frontDesk'), request.query)),
  );

  api.patch(
    '/api/admin/recalls/:id',
    {
      ...frontDesk,
      schema: { tags, summary: 'Dismiss a recall (no more messages), with a note', security, params: recallIdParamsSchema, body: recallDismissRequestSchema, response: { 200: adminRecallItemSchema } },
    },
    async (request) => recall.dismiss(await callers.requireCapability(request, 'frontDesk'), request.params.id, request.body.note),
  );

  api.post(
    '/api/admin/recalls/:id/contacted',
    {
      ...frontDesk,
      schema: { tags, summary: 'The front desk called or wrote to the patient', security, params: recallIdParamsSchema, body: recallContactedRequestSchema, response: { 200: adminRecallItemSchema } },
    },
    async (request) => recall.contacted(await callers.requireCapability(request, 'frontDesk'), request.params.id, request.body.channel, request.body.note),
  );
}
