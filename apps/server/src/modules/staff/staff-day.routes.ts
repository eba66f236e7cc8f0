/** `GET /api/staff/day`: a doctor's patients on a date, for the front desk, the owner and the doctor. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffDayQuerySchema, staffDaySchema } from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { StaffDayService } from './staff-day.service.ts';

export async function staffDayRoutes(app: FastifyInstance, opts: { staffDay: StaffDayService; callers: CallerResolver }) {
  const { staffDay, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/staff/day',
    {
      config: { access: 'doctorDay' },
      schema: {
        tags: ['staff'],
        summary: "A doctor's day: the lane's patients by start time (a doctor's own; any doctor for the front desk and the owner)",
        security: [{ bearer: [] }],
        querystring: staffDayQuerySchema,
        response: { 200: staffDaySchema },
      },
    },
    async (request, reply) => {
      const day = await staffDay.day(await callers.requireCapability(request, 'doctorDay'), request.query.date, request.query.doctorId);
      // Patient data: never kept by a browser or a proxy.
      return reply.header('cache-control', 'no-store').send(day);
    },
  );
}
