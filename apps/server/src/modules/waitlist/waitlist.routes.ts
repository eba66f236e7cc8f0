import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingCreatedSchema,
  waitlistClaimSchema,
  waitlistEntrySchema,
  waitlistIdParamsSchema,
  waitlistJoinSchema,
  waitlistListSchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { WaitlistService } from './waitlist.service.ts';

/** The patient's waitlist (design section 3.2). */
export async function waitlistRoutes(app: FastifyInstance, opts: { waitlist: WaitlistService; callers: CallerResolver }) {
  const { waitlist, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/waitlist',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['waitlist'],
        summary: 'The caller’s active waitlist entries, each with its open offers',
        security: [{ bearer: [] }],
        response: { 200: waitlistListSchema },
      },
    },
    async (request) => waitlist.list(await callers.requireCaller(request)),
  );

  api.post(
    '/api/waitlist',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['waitlist'],
        summary: 'Wait for a treatment over a date range (optionally a doctor and a time of day)',
        security: [{ bearer: [] }],
        body: waitlistJoinSchema,
        response: { 201: z.object({ entry: waitlistEntrySchema }) },
      },
    },
    async (request, reply) => {
      const entry = await waitlist.join(await callers.requireCaller(request), request.body);
      return reply.status(201).send({ entry });
    },
  );

  api.delete(
    '/api/waitlist/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['waitlist'],
        summary: 'Leave the waitlist (its open offers close)',
        security: [{ bearer: [] }],
        params: waitlistIdParamsSchema,
      },
    },
    async (request, reply) => {
      await waitlist.leave(await callers.requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/waitlist/offers/:id/claim',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['waitlist'],
        summary: 'Book an offered time: the first to claim it (or book it) wins; 409 slot_taken, 410 offer_expired',
        security: [{ bearer: [] }],
        params: waitlistIdParamsSchema,
        body: waitlistClaimSchema.optional(),
        response: { 201: bookingCreatedSchema },
      },
    },
    async (request, reply) => {
      const result = await waitlist.claim(await callers.requireCaller(request), request.params.id, request.body?.phone);
      return reply.status(201).send(result);
    },
  );
}
