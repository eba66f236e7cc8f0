/** The front desk (design clinic-operations.md section 3.4): every appointment, statuses, cancel, reschedule, CSV. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingCreatedSchema,
  adminBookingRequestSchema,
  adminBookingsPageSchema,
  adminBookingsQuerySchema,
  adminCancelRequestSchema,
  bookingConflictSchema,
  bookingIdParamsSchema,
  bookingSchema,
  bookingStatusRequestSchema,
  cancelResultSchema,
  problemSchema,
  rescheduleRequestSchema,
} from '@clinic/shared';
import type { Caller, CallerResolver } from '../identity/caller.ts';
import type { BookingService } from './booking.service.ts';

/** Finds or creates the patient the front desk books for (the users module's). */
export type EnsurePatient = (
  caller: Caller,
  patient: { email: string; name?: string; phone?: string },
) => Promise<{ userId: string; email: string; name: string; created: boolean }>;

export async function appointmentsRoutes(
  app: FastifyInstance,
  opts: { booking: BookingService; callers: CallerResolver; ensurePatient: EnsurePatient },
) {
  const { booking, callers, ensurePatient } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The receptionist's and the owner's (permissions.ts, `frontDesk`); the list and the statuses
  // are a doctor's too, for their own lane (`laneAppointments`).
  const frontDesk = { config: { access: 'frontDesk' as const } };
  const laneAppointments = { config: { access: 'laneAppointments' as const } };
  const security = [{ bearer: [] }];
  const tags = ['front desk'];
  // Patient data: never kept by a browser or a proxy.
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/api/admin/bookings',
    {
      ...laneAppointments,
      schema: {
        tags,
        summary: 'Appointments in a date range (at most 366 days), filtered, in time order, keyset-paged',
        security,
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsPageSchema },
      },
    },
    async (request, reply) => {
      const page = await booking.adminList(await callers.requireCapability(request, 'laneAppointments'), request.query);
      return reply.headers(noStore).send(page);
    },
  );

  api.post(
    '/api/admin/bookings',
    {
      ...frontDesk,
      schema: {
        tags,
        summary: 'Book for a patient who phoned: an existing account by email, or a new patient who is mailed a link to set a password',
        security,
        body: adminBookingRequestSchema,
        response: { 201: adminBookingCreatedSchema, 409: z.union([bookingConflictSchema.passthrough(), problemSchema.passthrough()]) },
      },
    },
    async (request, reply) => {
      const caller = await callers.requireCapability(request, 'frontDesk');
      const { patient, ...input } = request.body;
      const who = await ensurePatient(caller, patient);
      const result = await booking.adminCreate(caller, who, { ...input, phone: patient.phone ?? '' });
      return reply.status(201).send({ ...result, patientCreated: who.created });
    },
  );

  api.get(
    '/api/admin/bookings.csv',
    {
      ...frontDesk,
      schema: { tags, summary: 'The same list as CSV (RFC 4180; formula-like cells prefixed with an apostrophe)', security, querystring: adminBookingsQuerySchema },
    },
    async (request, reply) => {
      const { cursor: _cursor, limit: _limit, ...filter } = request.query;
      const csv = await booking.adminCsv(await callers.requireCapability(request, 'frontDesk'), filter);
      return reply
        .headers(noStore)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="appointments-${filter.from}-${filter.to}.csv"`)
        .send(csv);
    },
  );

  api.patch(
    '/api/admin/bookings/:id/status',
    {
      ...laneAppointments,
      schema: {
        tags,
        summary: 'Mark an appointment completed or no-show (or back to confirmed within 14 days)',
        security,
        params: bookingIdParamsSchema,
        body: bookingStatusRequestSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => {
      const row = await booking.setStatus(await callers.requireCapability(request, 'laneAppointments'), request.params.id, request.body.status, request.body.note);
      return booking.asDto(row);
    },
  );

  api.post(
    '/api/admin/bookings/:id/cancel',
    {
      ...frontDesk,
      schema: {
        tags,
        summary: 'Cancel an appointment for the clinic (no notice window): full, partial or no refund, mail optional',
        security,
        params: bookingIdParamsSchema,
        body: adminCancelRequestSchema,
        response: { 200: cancelResultSchema },
      },
    },
    async (request) => booking.adminCancel(await callers.requireCapability(request, 'frontDesk'), request.params.id, request.body),
  );

  api.post(
    '/api/admin/bookings/:id/reschedule',
    {
      ...frontDesk,
      schema: {
        tags,
        summary: 'Move an appointment for a patient (no notice window; If-Match: "v<version>")',
        security,
        params: bookingIdParamsSchema,
        body: rescheduleRequestSchema,
        response: { 200: z.object({ booking: bookingSchema }), 409: z.union([bookingConflictSchema.passthrough(), problemSchema.passthrough()]) },
      },
    },
    async (request) =>
      booking.adminReschedule(await callers.requireCapability(request, 'frontDesk'), request.params.id, request.body, request.headers['if-match']),
  );
}
