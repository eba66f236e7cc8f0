/**
 * Intake, consent and check-in (design practice-loop.md section 6): the admin's form and consent
 * texts, the patient's own forms, signing, checking in, and the audited read of a patient's
 * answers by their doctor or the owner.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMedicalHistorySchema,
  bookingIdParamsSchema,
  checkInResultSchema,
  consentSignSchema,
  consentSignedSchema,
  medicalHistoryFormInputSchema,
  medicalHistorySettingsSchema,
  medicalHistorySubmitSchema,
  formsSubjectQuerySchema,
  ErrorCode,
  myFormsSchema,
  patientFormsSchema,
  patientIdParamsSchema,
  submissionCreatedSchema,
  treatmentConsentInputSchema,
  treatmentConsentSchema,
  treatmentIdParamsSchema,
} from '@clinic/shared';
import type { BookingService } from '../booking/booking.service.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller, CallerResolver } from '../identity/caller.ts';
import { findDependentOf } from '../families/family-reads.ts';
import { scopeOf } from '../identity/permissions.ts';
import type { FormsService } from './forms.service.ts';

export async function formsRoutes(
  app: FastifyInstance,
  opts: { forms: FormsService; booking: Pick<BookingService, 'checkIn'>; callers: CallerResolver; checkInOpensMinutes: number; db: Db },
) {
  const { forms, booking, callers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const } };
  const signedIn = { config: { access: 'signed-in' as const } };
  const security = [{ bearer: [] }];
  // Health data: never kept by a browser or a proxy.
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/api/admin/forms/medical-history',
    { ...admin, schema: { tags: ['forms'], summary: 'The medical-history form, current version', security, response: { 200: adminMedicalHistorySchema } } },
    async () => forms.adminView(),
  );
  api.put(
    '/api/admin/forms/medical-history',
    { ...admin, schema: { tags: ['forms'], summary: 'Save the form as a new version (answers keep theirs); audited', security, body: medicalHistoryFormInputSchema, response: { 200: adminMedicalHistorySchema } } },
    async (request) => forms.saveForm(await callers.requireCapability(request, 'clinicAdmin'), request.body),
  );
  api.patch(
    '/api/admin/forms/medical-history',
    { ...admin, schema: { tags: ['forms'], summary: 'Whether patients must fill it in before a visit; audited', security, body: medicalHistorySettingsSchema, response: { 200: adminMedicalHistorySchema } } },
    async (request) => forms.setRequired(await callers.requireCapability(request, 'clinicAdmin'), request.body.required),
  );
  api.get(
    '/api/admin/treatments/:id/consent',
    { ...admin, schema: { tags: ['forms'], summary: "A treatment's consent text, current version (0 and null: none)", security, params: treatmentIdParamsSchema, response: { 200: treatmentConsentSchema } } },
    async (request) => forms.consentOf(request.params.id),
  );
  api.put(
    '/api/admin/treatments/:id/consent',
    { ...admin, schema: { tags: ['forms'], summary: "A new version of a treatment's consent text (null: none); audited", security, params: treatmentIdParamsSchema, body: treatmentConsentInputSchema, response: { 200: treatmentConsentSchema } } },
    async (request) => forms.setConsent(await callers.requireCapability(request, 'clinicAdmin'), request.params.id, request.body.text),
  );

  /**
   * Whose forms: the caller's own, or (`?for=`) a dependent's they manage, whose forms the
   * guardian fills in and signs (practice-loop.md section 7). Another's dependent is a 404.
   */
  const subjectOf = async (request: FastifyRequest, asked: string | undefined): Promise<Caller> => {
    const caller = await callers.requireCaller(request);
    if (asked === undefined || asked === caller.userId) return caller;
    const dependent = await findDependentOf(opts.db, caller.userId, asked);
    if (!dependent) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such family member.');
    return { ...caller, userId: dependent.id, name: dependent.name };
  };
  api.get(
    '/api/me/forms',
    {
      ...signedIn,
      schema: { tags: ['forms'], summary: "My medical history (missing, outdated, current) and the consents my bookings need; `for`: a dependent's", security, querystring: formsSubjectQuerySchema, response: { 200: myFormsSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await forms.myForms(await subjectOf(request, request.query.for))),
  );
  api.post(
    '/api/me/forms/medical-history',
    {
      ...signedIn,
      schema: { tags: ['forms'], summary: "Fill in the medical history, signed with a typed name; `for`: a dependent's, signed by their guardian", security, querystring: formsSubjectQuerySchema, body: medicalHistorySubmitSchema, response: { 201: submissionCreatedSchema } },
    },
    async (request, reply) => reply.code(201).send(await forms.submitHistory(await subjectOf(request, request.query.for), request.body)),
  );
  api.post(
    '/api/booking/:id/consent',
    { ...signedIn, schema: { tags: ['forms'], summary: "Sign the treatment's consent for one of my bookings", security, params: bookingIdParamsSchema, body: consentSignSchema, response: { 201: consentSignedSchema } } },
    async (request, reply) => reply.code(201).send(await forms.signConsent(await callers.requireCaller(request), request.params.id, request.body)),
  );
  api.post(
    '/api/booking/:id/check-in',
    {
      ...signedIn,
      schema: { tags: ['forms'], summary: 'Check in: the patient (own booking) or the front desk, from CHECKIN_OPENS_MINUTES before the start to 30 after', security, params: bookingIdParamsSchema, response: { 200: checkInResultSchema } },
    },
    async (request) => {
      const caller = await callers.requireCaller(request);
      // Staff check a patient in at the desk; anyone else checks in their own booking only.
      const as = scopeOf(caller, 'laneAppointments') === 'none' ? 'patient' : 'staff';
      const row = await booking.checkIn(caller, request.params.id, as, opts.checkInOpensMinutes).catch(async (error: unknown) => {
        // A member of staff's own booking, as a patient.
        if (as === 'staff' && (error as { code?: string }).code === 'not_found') return booking.checkIn(caller, request.params.id, 'patient', opts.checkInOpensMinutes);
        throw error;
      });
      return { arrivedAt: row.arrivedAt!.toISOString() };
    },
  );
  api.get(
    '/api/admin/patients/:id/forms',
    {
      config: { access: 'healthRecords' as const },
      schema: { tags: ['forms'], summary: "A patient's medical histories and consents (their doctor, the owner); audited as a read of health data", security, params: patientIdParamsSchema, response: { 200: patientFormsSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await forms.patientForms(await callers.requireCapability(request, 'healthRecords'), request.params.id)),
  );
}
