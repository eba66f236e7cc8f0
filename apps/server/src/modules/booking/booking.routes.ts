import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingDetailSchema,
  cancelRequestSchema,
  cancelResultSchema,
  rescheduleRequestSchema,
  availabilityQuerySchema,
  availabilitySchema,
  availableQuerySchema,
  calendarDaySchema,
  calendarQuerySchema,
  publicDoctorSchema,
  publicDoctorsQuerySchema,
  bookingConflictSchema,
  bookingCreatedSchema,
  bookingIdParamsSchema,
  bookingListQuerySchema,
  bookingRequestSchema,
  bookingSchema,
  problemSchema,
  serviceSchema,
  treatmentAvailabilitySchema,
} from '@clinic/shared';
import type { CallerResolver } from '../identity/caller.ts';
import type { BookingService } from './booking.service.ts';

export async function bookingRoutes(
  app: FastifyInstance,
  opts: { booking: BookingService; callers: CallerResolver },
) {
  const { booking, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Registered on the plain instance, typed by hand: the answer goes out as the ready JSON bytes
  // the availability cache keeps (Fastify sends a Buffer as it is), while the schema still
  // documents it. Serializing the same answer on every request was most of this route's cost.
  app.get<{ Querystring: z.output<typeof availableQuerySchema> }>(
    '/api/available',
    {
      schema: {
        tags: ['booking'],
        summary: 'Every treatment with its free slots on a date',
        querystring: availableQuerySchema,
        response: { 200: z.array(treatmentAvailabilitySchema) },
      },
    },
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await booking.availableJson(request.query.date)),
  );

  api.get(
    '/api/service',
    {
      schema: { tags: ['booking'], summary: 'Treatment names', response: { 200: z.array(serviceSchema) } },
    },
    async () => booking.services(),
  );

  api.get(
    '/api/calendar',
    {
      schema: {
        tags: ['booking'],
        summary: 'Which days of a range (at most 62 days) the clinic is open, and how many starts are free on each',
        querystring: calendarQuerySchema,
        response: { 200: z.array(calendarDaySchema) },
      },
    },
    async (request) => booking.calendar(request.query.from, request.query.to, request.query.treatmentId),
  );

  api.get(
    '/api/doctors/public',
    {
      schema: {
        tags: ['booking'],
        summary: 'The doctors patients may choose (no email), optionally those performing one treatment',
        querystring: publicDoctorsQuerySchema,
        response: { 200: z.array(publicDoctorSchema) },
      },
    },
    async (request) => booking.publicDoctors(request.query.treatmentId),
  );

  api.get(
    '/api/availability',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['booking'],
        summary: "One treatment's free times on a date, per doctor (or its own queue)",
        security: [{ bearer: [] }],
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => {
      const caller = await callers.requireCaller(request);
      const { date, treatmentId, doctorId, excludeBookingId } = request.query;
      return booking.availability(date, treatmentId, doctorId, excludeBookingId ? { caller, bookingId: excludeBookingId } : undefined);
    },
  );

  api.post(
    '/api/booking',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['booking'],
        summary: 'Book a slot (the patient and price come from the token and the treatment)',
        security: [{ bearer: [] }],
        body: bookingRequestSchema,
        // 409: the spec's conflict answer (a slot or the day's treatment taken), or the patient's
        // limit of upcoming bookings reached (a problem naming the limit).
        response: { 201: bookingCreatedSchema, 409: z.union([bookingConflictSchema.passthrough(), problemSchema.passthrough()]) },
      },
    },
    async (request, reply) => {
      const caller = await callers.requireCaller(request);
      const result = await booking.create(caller, request.body);
      return reply.status(201).send(result);
    },
  );

  api.get(
    '/api/booking',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['booking'],
        summary: "A patient's active bookings (own email, or any for an admin)",
        security: [{ bearer: [] }],
        querystring: bookingListQuerySchema,
        response: { 200: z.array(bookingSchema) },
      },
    },
    async (request) => booking.listOwn(await callers.requireCaller(request), request.query.patient, request.query.include),
  );

  api.get(
    '/api/booking/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['booking'],
        summary: 'One booking with its history (own, or any for an admin)',
        security: [{ bearer: [] }],
        params: bookingIdParamsSchema,
        response: { 200: bookingDetailSchema },
      },
    },
    async (request) => booking.getOne(await callers.requireCaller(request), request.params.id),
  );

  api.get(
    '/api/booking/:id/ics',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['booking'], summary: "The booking's calendar file (own bookings)", security: [{ bearer: [] }], params: bookingIdParamsSchema },
    },
    async (request, reply) => {
      const ics = await booking.icsOf(await callers.requireCaller(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointment-${request.params.id}.ics"`)
        .send(ics);
    },
  );

  api.post(
    '/api/booking/:id/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['booking'],
        summary: 'Cancel one of your bookings (before CANCEL_NOTICE_HOURS; a paid one is refunded per REFUND_ON_PATIENT_CANCEL)',
        security: [{ bearer: [] }],
        params: bookingIdParamsSchema,
        body: cancelRequestSchema.optional(),
        response: { 200: cancelResultSchema },
      },
    },
    async (request) => booking.cancel(await callers.requireCaller(request), request.params.id, request.body?.reason),
  );

  api.post(
    '/api/booking/:id/reschedule',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['booking'],
        summary: 'Move one of your bookings to another free time of its treatment (same id and payment; If-Match: "v<version>")',
        security: [{ bearer: [] }],
        params: bookingIdParamsSchema,
        body: rescheduleRequestSchema,
        response: { 200: z.object({ booking: bookingSchema }), 409: z.union([bookingConflictSchema.passthrough(), problemSchema.passthrough()]) },
      },
    },
    async (request) => booking.reschedule(await callers.requireCaller(request), request.params.id, request.body, request.headers['if-match']),
  );
}
