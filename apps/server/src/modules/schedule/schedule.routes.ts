/** The clinic's schedule, for admins (design clinic-operations.md section 3.5). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTreatmentSchema,
  cancelAffectedQuerySchema,
  cancelFutureQuerySchema,
  doctorIdParamsSchema,
  doctorTreatmentsRequestSchema,
  insertedIdSchema,
  ownBlockedTimeRequestSchema,
  scheduleExceptionIdParamsSchema,
  scheduleExceptionListQuerySchema,
  scheduleExceptionRequestSchema,
  scheduleExceptionSchema,
  treatmentCreateSchema,
  treatmentIdParamsSchema,
  treatmentUpdateSchema,
  workingHoursQuerySchema,
  workingHoursRequestSchema,
  workingHoursSavedSchema,
  workingHoursSchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { ScheduleAdmin } from './schedule-admin.service.ts';

export async function scheduleRoutes(app: FastifyInstance, opts: { schedule: ScheduleAdmin; callers: CallerResolver }) {
  const { schedule, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const } };
  const security = [{ bearer: [] }];
  const tags = ['schedule'];
  const treatmentIds = z.object({ treatmentIds: z.array(z.string()) });

  // The front desk reads them too: booking for a patient who phoned starts from a treatment.
  api.get(
    '/api/admin/treatments',
    {
      config: { access: 'frontDesk' },
      schema: { tags, summary: 'Every treatment, archived ones included (the owner and the front desk)', security, response: { 200: z.array(adminTreatmentSchema) } },
    },
    async (request) => {
      await callers.requireCapability(request, 'frontDesk');
      return schedule.listTreatments();
    },
  );

  api.post(
    '/api/admin/treatments',
    { ...admin, schema: { tags, summary: 'Add a treatment', security, body: treatmentCreateSchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => reply.status(201).send(await schedule.createTreatment(await callers.requireAdmin(request), request.body)),
  );

  api.patch(
    '/api/admin/treatments/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Rename, reprice, set the duration or the doctors, archive or restore a treatment (existing bookings keep their price)',
        security,
        params: treatmentIdParamsSchema,
        body: treatmentUpdateSchema,
        response: { 200: adminTreatmentSchema },
      },
    },
    async (request) => schedule.updateTreatment(await callers.requireAdmin(request), request.params.id, request.body),
  );

  api.delete(
    '/api/admin/treatments/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a treatment never booked, else archive it; with future bookings only when cancelFuture=true',
        security,
        params: treatmentIdParamsSchema,
        querystring: cancelFutureQuerySchema,
        response: { 200: z.object({ deletedCount: z.number(), archived: z.boolean(), cancelled: z.number() }) },
      },
    },
    async (request) => schedule.deleteTreatment(await callers.requireAdmin(request), request.params.id, request.query.cancelFuture),
  );

  api.get(
    '/api/admin/doctors/:id/treatments',
    { ...admin, schema: { tags, summary: 'The treatments a doctor performs', security, params: doctorIdParamsSchema, response: { 200: treatmentIds } } },
    async (request) => {
      await callers.requireAdmin(request);
      return schedule.doctorTreatments(request.params.id);
    },
  );

  api.put(
    '/api/admin/doctors/:id/treatments',
    {
      ...admin,
      schema: { tags, summary: 'Set the treatments a doctor performs', security, params: doctorIdParamsSchema, body: doctorTreatmentsRequestSchema, response: { 200: treatmentIds } },
    },
    async (request) => schedule.setDoctorTreatments(await callers.requireAdmin(request), request.params.id, request.body.treatmentIds),
  );

  api.get(
    '/api/admin/working-hours',
    { ...admin, schema: { tags, summary: "The clinic's weekly hours, or a doctor's", security, querystring: workingHoursQuerySchema, response: { 200: workingHoursSchema } } },
    async (request) => {
      await callers.requireAdmin(request);
      return schedule.workingHours(request.query.doctorId);
    },
  );

  api.put(
    '/api/admin/working-hours',
    {
      ...admin,
      schema: {
        tags,
        summary: "Replace the clinic's weekly hours, or a doctor's (null: the clinic's); bookings outside them stand and are listed",
        security,
        querystring: workingHoursQuerySchema,
        body: workingHoursRequestSchema,
        response: { 200: workingHoursSavedSchema },
      },
    },
    async (request) => schedule.setWorkingHours(await callers.requireAdmin(request), request.query.doctorId, request.body.weekdays),
  );

  api.get(
    '/api/admin/schedule-exceptions',
    {
      ...admin,
      schema: { tags, summary: 'Closures, special hours and blocked times', security, querystring: scheduleExceptionListQuerySchema, response: { 200: z.array(scheduleExceptionSchema) } },
    },
    async (request) => {
      await callers.requireAdmin(request);
      return schedule.listExceptions(request.query);
    },
  );

  api.post(
    '/api/admin/schedule-exceptions',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a closure, special hours or a blocked time; bookings in the way: 409 unless cancelAffected=true',
        security,
        querystring: cancelAffectedQuerySchema,
        body: scheduleExceptionRequestSchema,
        response: { 201: scheduleExceptionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await schedule.addException(await callers.requireAdmin(request), request.body, request.query.cancelAffected)),
  );

  api.delete(
    '/api/admin/schedule-exceptions/:id',
    { ...admin, schema: { tags, summary: 'Remove an exception', security, params: scheduleExceptionIdParamsSchema } },
    async (request, reply) => {
      await schedule.removeException(await callers.requireAdmin(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/staff/blocked-time',
    {
      config: { access: 'ownBlockedTime' },
      schema: {
        tags,
        summary: "A doctor blocks a stretch of their own day (the owner names the doctor); a confirmed booking in the way: 409 listing it",
        security,
        body: ownBlockedTimeRequestSchema,
        response: { 201: scheduleExceptionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await schedule.blockOwnTime(await callers.requireCapability(request, 'ownBlockedTime'), request.body)),
  );
}
