import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelFutureQuerySchema, deletedCountSchema, doctorIdParamSchema, doctorRequestSchema, doctorSchema, doctorUpdateSchema, emailParamsSchema, insertedIdSchema } from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { DoctorsService } from './doctors.service.ts';

export async function doctorsRoutes(
  app: FastifyInstance,
  opts: { doctors: DoctorsService; callers: CallerResolver },
) {
  const { doctors, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  api.post(
    '/api/doctor',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Add a doctor', security, body: doctorRequestSchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const caller = await callers.requireAdmin(request);
      return reply.status(201).send(await doctors.add(caller, request.body));
    },
  );

  api.get(
    '/api/doctor',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'All doctors', security, response: { 200: z.array(doctorSchema) } } },
    async (request) => {
      await callers.requireAdmin(request);
      return doctors.list();
    },
  );

  api.patch(
    '/api/doctor/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: "Edit a doctor's name, specialty or photo (audited)", security, params: doctorIdParamSchema, body: doctorUpdateSchema, response: { 200: doctorSchema } },
    },
    async (request) => doctors.update(await callers.requireAdmin(request), request.params.id, request.body),
  );

  api.delete(
    '/api/doctor/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a doctor (kept inactive when bookings name them; with future bookings only when cancelFuture=true)',
        security,
        params: emailParamsSchema,
        querystring: cancelFutureQuerySchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => doctors.remove(await callers.requireAdmin(request), request.params.email, request.query.cancelFuture),
  );
}
