/**
 * Who may do what, proven over the server's own route table: every /api route against every kind
 * of caller. A route that exists but is missing here fails the suite.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_MEDICAL_HISTORY } from '@clinic/shared';
import { doctors, images, scheduleExceptions, treatments as treatmentsTable, users, waitlistEntries } from './db/schema.ts';
import type { RouteAccess } from './modules/identity/caller.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from './test/helper.ts';
import { makeImage, multipartBody } from './test/images.ts';

type CallerKind = 'anonymous' | 'patient' | 'otherPatient' | 'receptionist' | 'doctor' | 'admin';
const CALLERS: CallerKind[] = ['anonymous', 'patient', 'otherPatient', 'receptionist', 'doctor', 'admin'];
const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';

interface Fixtures {
  patient: TestUser;
  /** The doctor the doctor's account works as (no bookings: its day is empty). */
  doctorId: string;
  bookingId: string;
  imageId: string;
  imageUrl: string;
  treatments: { _id: string; slots: string[] }[];
  fresh(): string;
  freshUser(): Promise<string>;
  /** A new patient's account id. */
  freshUserId(): Promise<string>;
  freshDoctor(): Promise<string>;
  freshDoctorId(): Promise<string>;
  freshTreatmentId(): Promise<string>;
  freshExceptionId(): Promise<string>;
  /** A new booking of the fixture patient, each on its own treatment and day. */
  freshBookingOf(who: 'patient'): Promise<string>;
  /** A new waitlist entry of the fixture patient (left again by the row that deletes it). */
  freshWaitlistEntryOf(who: 'patient'): Promise<string>;
}

type Expected = Record<CallerKind, number>;
const everyone = (status: number): Expected => ({ anonymous: status, patient: status, otherPatient: status, receptionist: status, doctor: status, admin: status });
/** Every signed-in caller alike (each with their own data). */
const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
const adminOnly = (ok: number): Expected => ({ anonymous: 401, patient: 403, otherPatient: 403, receptionist: 403, doctor: 403, admin: ok });
/** The front desk (`frontDesk`): receptionists and admins. */
const frontDesk = (ok: number): Expected => ({ ...adminOnly(ok), receptionist: ok });

interface Row {
  request(f: Fixtures, caller: CallerKind): Promise<InjectOptions> | InjectOptions;
  expected: Expected;
  /** Open to anyone though its row's anonymous caller gets a 401 (a wrong password's). */
  isPublic?: true;
  /** The capability the route declares, where its statuses alone do not tell (`admin` otherwise). */
  access?: RouteAccess;
}

/** Keyed by `METHOD url` exactly as Fastify registered it. */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expected: everyone(200) },
  'GET /api/config': { request: () => ({ url: '/api/config' }), expected: everyone(200) },
  'GET /api/ready': { request: () => ({ url: '/api/ready' }), expected: everyone(200) },
  'GET /api/clinic': { request: () => ({ url: '/api/clinic' }), expected: everyone(200) },
  'PUT /api/admin/clinic': {
    request: () => ({ method: 'PUT', url: '/api/admin/clinic', payload: { name: 'Matrix Dental', timezone: 'UTC' } }),
    expected: adminOnly(200),
  },
  // This installation has an admin: setup is over for everyone (modules/clinic/clinic.int.test.ts
  // proves the first run).
  'GET /api/setup': { request: () => ({ url: '/api/setup' }), expected: everyone(404) },
  'POST /api/setup': {
    request: () => ({
      method: 'POST',
      url: '/api/setup',
      payload: { token: 'any', admin: { name: 'Owner', email: 'owner@example.com', password: 'a-long-passphrase-41' }, clinic: { name: 'Clinic', timezone: 'UTC' } },
    }),
    expected: everyone(404),
  },
  // Not by role: METRICS_TOKEN when set, else the connection's address (inject's is 127.0.0.1);
  // modules/metrics/metrics.int.test.ts proves both rules.
  'GET /metrics': { request: () => ({ url: '/metrics' }), expected: everyone(200) },
  'GET /api/me': { request: () => ({ url: '/api/me' }), expected: everyone(200) },
  // Each caller changes and exports only their own account.
  'PATCH /api/me': {
    request: () => ({ method: 'PATCH', url: '/api/me', payload: { phone: '555 0100' } }),
    expected: signedIn(200),
  },
  'GET /api/me/export': {
    request: () => ({ url: '/api/me/export' }),
    expected: signedIn(200),
  },
  // Nobody's account is deleted here: a body that is not valid stops every signed-in caller.
  'DELETE /api/me': {
    request: () => ({ method: 'DELETE', url: '/api/me', payload: { password: 42 } }),
    expected: signedIn(400),
  },
  // Patients signed up unverified get the mail; the operator's admin account is verified already.
  'POST /api/me/verification-email': {
    request: () => ({ method: 'POST', url: '/api/me/verification-email' }),
    expected: { ...signedIn(202), admin: 409 },
  },
  // Only the Better Auth endpoints the product uses are served; without Google, none is a GET.
  'GET /api/auth/*': { request: () => ({ url: '/api/auth/get-session' }), expected: everyone(404) },
  'POST /api/auth/*': {
    request: (f) => ({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: f.patient.email, password: 'wrong-password' } }),
    expected: everyone(401),
    isPublic: true,
  },
  'PUT /api/user/:email': {
    request: (f) => ({ method: 'PUT', url: `/api/user/${f.patient.email}`, payload: { email: f.patient.email } }),
    // Not even an admin may take a patient's token.
    expected: { ...signedIn(403), patient: 200 },
  },
  'GET /api/admin/:email': {
    request: (f) => ({ url: `/api/admin/${f.patient.email}` }),
    expected: { ...signedIn(403), patient: 200, admin: 200 },
  },
  'POST /api/contact': {
    request: () => ({ method: 'POST', url: '/api/contact', payload: { email: 'a@example.com', subject: 's', message: 'm' } }),
    expected: everyone(201),
  },
  'GET /api/available': { request: () => ({ url: `/api/available?date=${DAY}` }), expected: everyone(200) },
  'GET /api/service': { request: () => ({ url: '/api/service' }), expected: everyone(200) },
  'POST /api/booking': {
    request: (f, caller) => {
      const i = CALLERS.indexOf(caller);
      const t = f.treatments[(i % (f.treatments.length - 1)) + 1]!; // a slot per caller: no conflicts
      return { method: 'POST', url: '/api/booking', payload: { treatmentId: t._id, date: DAY, slot: t.slots[3 + i] } };
    },
    expected: signedIn(201),
  },
  'GET /api/booking': {
    request: (f) => ({ url: `/api/booking?patient=${f.patient.email}` }),
    // A doctor sees the patient's bookings on their own lane only (none here: an empty list).
    expected: { ...signedIn(200), otherPatient: 403 },
  },
  'GET /api/booking/:id': {
    request: (f) => ({ url: `/api/booking/${f.bookingId}` }),
    // Another patient's booking does not exist as far as they can tell.
    // Nor, to a doctor, one on another lane (this one is the treatment's own queue).
    expected: { ...signedIn(200), otherPatient: 404, doctor: 404 },
  },
  'GET /api/user': { request: () => ({ url: '/api/user' }), expected: adminOnly(200) },
  'PUT /api/user/admin/:email': {
    request: async (f) => ({ method: 'PUT', url: `/api/user/admin/${await f.freshUser()}` }),
    expected: adminOnly(200),
  },
  'PUT /api/admin/users/:id/role': {
    request: async (f) => ({ method: 'PUT', url: `/api/admin/users/${await f.freshUserId()}/role`, payload: { role: 'receptionist' } }),
    expected: adminOnly(200),
  },
  'POST /api/admin/staff': {
    request: (f) => ({ method: 'POST', url: '/api/admin/staff', payload: { email: f.fresh(), name: 'New Staff', role: 'receptionist' } }),
    expected: adminOnly(201),
  },
  'DELETE /api/user/:email': {
    request: async (f) => ({ method: 'DELETE', url: `/api/user/${await f.freshUser()}` }),
    expected: adminOnly(200),
  },
  'POST /api/image': {
    request: async () => {
      const { payload, headers } = multipartBody('image', 'photo.png', 'image/png', await makeImage('png', 64, 64));
      return { method: 'POST', url: '/api/image', payload, headers };
    },
    expected: adminOnly(200),
  },
  // Doctors' photos are shown on pages: public, like any image host's.
  'GET /api/image/:id': { request: (f) => ({ url: f.imageUrl }), expected: everyone(200) },
  'POST /api/doctor': {
    request: (f) => ({ method: 'POST', url: '/api/doctor', payload: { name: 'Dr Who', email: f.fresh(), specialty: 'Teeth Cleaning', img: f.imageUrl } }),
    expected: adminOnly(201),
  },
  'GET /api/doctor': { request: () => ({ url: '/api/doctor' }), expected: adminOnly(200) },
  'PATCH /api/doctor/:id': {
    request: async (f) => ({ method: 'PATCH', url: `/api/doctor/${await f.freshDoctorId()}`, payload: { name: 'Dr Renamed' } }),
    expected: adminOnly(200),
  },
  'DELETE /api/doctor/:email': {
    request: async (f) => ({ method: 'DELETE', url: `/api/doctor/${await f.freshDoctor()}` }),
    expected: adminOnly(200),
  },
  // A doctor's day: any doctor's for the front desk and the owner, a doctor's own (this one).
  'GET /api/staff/day': {
    request: (f) => ({ url: `/api/staff/day?date=${DAY}&doctorId=${f.doctorId}` }),
    expected: { ...adminOnly(200), receptionist: 200, doctor: 200 },
    access: 'doctorDay',
  },
  'GET /api/calendar': { request: () => ({ url: `/api/calendar?from=${DAY}&to=${DAY}` }), expected: everyone(200) },
  // A doctor's own lane (the owner names the doctor): the fixture doctor's day has no bookings.
  'POST /api/staff/blocked-time': {
    request: (f) => ({ method: 'POST', url: '/api/staff/blocked-time', payload: { date: DAY, startMin: 600, endMin: 630, doctorId: f.doctorId } }),
    expected: { ...adminOnly(201), doctor: 201 },
    access: 'ownBlockedTime',
  },
  'GET /api/doctors/public': { request: () => ({ url: '/api/doctors/public' }), expected: everyone(200) },
  'GET /api/availability': {
    request: (f) => ({ url: `/api/availability?date=${DAY}&treatmentId=${f.treatments[0]!._id}` }),
    expected: signedIn(200),
  },
  'GET /api/booking/:id/ics': {
    request: (f) => ({ url: `/api/booking/${f.bookingId}/ics` }),
    // The owner's calendar file only: anyone else, admins included, gets a 404.
    expected: { ...signedIn(404), patient: 200 },
  },
  'POST /api/booking/:id/cancel': {
    request: async (f) => ({ method: 'POST', url: `/api/booking/${await f.freshBookingOf('patient')}/cancel`, payload: {} }),
    expected: { ...signedIn(404), patient: 200 },
  },
  'POST /api/booking/:id/reschedule': {
    request: async (f) => ({ method: 'POST', url: `/api/booking/${await f.freshBookingOf('patient')}/reschedule`, payload: { date: '2030-06-28', slot: '03.00 PM - 03.30 PM' } }),
    expected: { ...signedIn(404), patient: 200 },
  },
  // The front desk: receptionists and admins; doctors have the list and statuses of their lane.
  'POST /api/admin/bookings': {
    request: (f, caller) => {
      const t = f.treatments[2]!;
      return {
        method: 'POST',
        url: '/api/admin/bookings',
        payload: { treatmentId: t._id, date: DAY, slot: t.slots[9 + CALLERS.indexOf(caller)], patient: { email: f.fresh(), name: 'Phoned In', phone: '555 0199' } },
      };
    },
    expected: frontDesk(201),
    access: 'frontDesk',
  },
  // A doctor's own lane only (their list is filtered to it).
  'GET /api/admin/bookings': { request: () => ({ url: `/api/admin/bookings?from=${DAY}&to=${DAY}` }), expected: { ...frontDesk(200), doctor: 200 }, access: 'laneAppointments' },
  'GET /api/admin/bookings.csv': { request: () => ({ url: `/api/admin/bookings.csv?from=${DAY}&to=${DAY}` }), expected: frontDesk(200), access: 'frontDesk' },
  'PATCH /api/admin/bookings/:id/status': {
    // Not started yet: a 409 proves the route let the caller in. A doctor's own lane only: this
    // booking is on a treatment's queue, so it does not exist for them.
    request: (f) => ({ method: 'PATCH', url: `/api/admin/bookings/${f.bookingId}/status`, payload: { status: 'completed' } }),
    expected: { ...frontDesk(409), doctor: 404 },
    access: 'laneAppointments',
  },
  'POST /api/admin/bookings/:id/payment': {
    request: async (f) => ({ method: 'POST', url: `/api/admin/bookings/${await f.freshBookingOf('patient')}/payment`, payload: { method: 'cash' } }),
    expected: frontDesk(200),
    access: 'frontDesk',
  },
  // Signed links: public, each acting only as its token allows (an unknown one is a 404 for all).
  // Each row from its own address: the links' limit is 20 a minute per address.
  ...Object.fromEntries(
    ['confirm', 'cancel', 'reschedule', 'callback', 'stop', 'book', 'snooze', 'check-in', 'accept'].map((action, i): [string, Row] => [
      `POST /api/links/:token/${action}`,
      {
        request: () => ({
          method: 'POST',
          url: `/api/links/${'Z'.repeat(43)}/${action}`,
          payload: action === 'reschedule' || action === 'book' ? { date: '2030-06-05', slot: '10.00 AM - 10.30 AM' } : {},
          remoteAddress: `10.77.1.${i + 1}`,
        }),
        expected: everyone(404),
      },
    ]),
  ),
  'GET /api/links/:token': { request: () => ({ url: `/api/links/${'Z'.repeat(43)}`, remoteAddress: '10.77.0.9' }), expected: everyone(404) },
  'GET /api/links/:token/availability': {
    request: () => ({ url: `/api/links/${'Z'.repeat(43)}/availability?date=2030-06-05`, remoteAddress: '10.77.0.10' }),
    expected: everyone(404),
  },
  // Intake (practice-loop.md section 6): the owner edits the forms; patients fill theirs in; the
  // answers are the patient's doctor's and the owner's to read, never the front desk's.
  'GET /api/admin/forms/medical-history': { request: () => ({ url: '/api/admin/forms/medical-history' }), expected: adminOnly(200) },
  'PUT /api/admin/forms/medical-history': {
    request: () => ({ method: 'PUT', url: '/api/admin/forms/medical-history', payload: DEFAULT_MEDICAL_HISTORY }),
    expected: adminOnly(200),
  },
  'PATCH /api/admin/forms/medical-history': { request: () => ({ method: 'PATCH', url: '/api/admin/forms/medical-history', payload: { required: false } }), expected: adminOnly(200) },
  'GET /api/admin/treatments/:id/consent': { request: async (f) => ({ url: `/api/admin/treatments/${await f.freshTreatmentId()}/consent` }), expected: adminOnly(200) },
  'PUT /api/admin/treatments/:id/consent': {
    request: async (f) => ({ method: 'PUT', url: `/api/admin/treatments/${await f.freshTreatmentId()}/consent`, payload: { text: null } }),
    expected: adminOnly(200),
  },
  // Families (practice-loop.md section 7): the caller's own; another's dependent is a 404.
  'GET /api/me/dependents': { request: () => ({ url: '/api/me/dependents' }), expected: signedIn(200), access: 'signed-in' },
  'POST /api/me/dependents': {
    request: () => ({ method: 'POST', url: '/api/me/dependents', payload: { name: 'Kid Matrix', dateOfBirth: '2020-01-01' } }),
    expected: signedIn(201),
    access: 'signed-in',
  },
  ...Object.fromEntries(
    (['PATCH /api/me/dependents/:id', 'DELETE /api/me/dependents/:id', 'POST /api/me/dependents/:id/guardians', 'POST /api/me/dependents/:id/handover'] as const).map((route): [string, Row] => {
      const [method, path] = route.split(' ') as ['PATCH' | 'DELETE' | 'POST', string];
      const payload = method === 'PATCH' ? { name: 'Other Name' } : method === 'POST' ? { email: 'someone@example.com' } : undefined;
      return [route, { request: () => ({ method, url: path.replace(':id', 'no-such-dependent'), ...(payload ? { payload } : {}) }), expected: signedIn(404), access: 'signed-in' }];
    }),
  ),
  'GET /api/me/forms': { request: () => ({ url: '/api/me/forms' }), expected: signedIn(200), access: 'signed-in' },
  'POST /api/me/forms/medical-history': {
    // A version that does not exist: each signed-in caller is told the form changed.
    request: () => ({ method: 'POST', url: '/api/me/forms/medical-history', payload: { version: 999, answers: {}, signature: { typedName: 'Any Body' } } }),
    expected: signedIn(412),
    access: 'signed-in',
  },
  'POST /api/booking/:id/consent': {
    // The fixture booking's treatment needs no consent: its patient is told so; nobody else sees it.
    request: (f) => ({ method: 'POST', url: `/api/booking/${f.bookingId}/consent`, payload: { version: 1, typedName: 'Any Body' } }),
    expected: { ...signedIn(404), patient: 400 },
    access: 'signed-in',
  },
  'POST /api/booking/:id/check-in': {
    // Days ahead: check-in is not open yet, for its patient and for the front desk.
    request: (f) => ({ method: 'POST', url: `/api/booking/${f.bookingId}/check-in` }),
    // A doctor checks in the patients of their own lane only (the fixture booking is on another).
    expected: { ...signedIn(409), otherPatient: 404, doctor: 404 },
    access: 'signed-in',
  },
  'GET /api/admin/patients/:id/forms': {
    request: async (f) => ({ url: `/api/admin/patients/${await f.freshUserId()}/forms` }),
    expected: adminOnly(200),
    access: 'healthRecords',
  },
  'GET /api/admin/recalls': { request: () => ({ url: '/api/admin/recalls?status=due' }), expected: frontDesk(200), access: 'frontDesk' },
  'PATCH /api/admin/recalls/:id': {
    request: () => ({ method: 'PATCH', url: '/api/admin/recalls/00000000-0000-4000-8000-000000000000', payload: { status: 'dismissed' } }),
    expected: frontDesk(404),
    access: 'frontDesk',
  },
  'POST /api/admin/recalls/:id/contacted': {
    request: () => ({ method: 'POST', url: '/api/admin/recalls/00000000-0000-4000-8000-000000000000/contacted', payload: { channel: 'phone' } }),
    expected: frontDesk(404),
    access: 'frontDesk',
  },
  'GET /api/admin/callbacks': { request: () => ({ url: '/api/admin/callbacks?open=true' }), expected: frontDesk(200), access: 'frontDesk' },
  'POST /api/admin/callbacks/:id/resolve': {
    request: () => ({ method: 'POST', url: '/api/admin/callbacks/00000000-0000-4000-8000-000000000000/resolve' }),
    expected: frontDesk(404),
    access: 'frontDesk',
  },
  'POST /api/admin/bookings/:id/cancel': {
    request: async (f) => ({ method: 'POST', url: `/api/admin/bookings/${await f.freshBookingOf('patient')}/cancel`, payload: { reason: 'Doctor ill' } }),
    expected: frontDesk(200),
    access: 'frontDesk',
  },
  'POST /api/admin/bookings/:id/reschedule': {
    // Each booking is on its own treatment (freshBookingOf): both moves to one time succeed.
    request: async (f) => ({ method: 'POST', url: `/api/admin/bookings/${await f.freshBookingOf('patient')}/reschedule`, payload: { date: '2030-06-29', slot: '03.00 PM - 03.30 PM' } }),
    expected: frontDesk(200),
    access: 'frontDesk',
  },
  'GET /api/admin/treatments': { request: () => ({ url: '/api/admin/treatments' }), expected: frontDesk(200), access: 'frontDesk' },
  'POST /api/admin/treatments': {
    request: (f) => ({ method: 'POST', url: '/api/admin/treatments', payload: { name: `New ${f.fresh()}`, price: 10, durationMin: 60 } }),
    expected: adminOnly(201),
  },
  'PATCH /api/admin/treatments/:id': {
    request: async (f) => ({ method: 'PATCH', url: `/api/admin/treatments/${await f.freshTreatmentId()}`, payload: { price: 12.5 } }),
    expected: adminOnly(200),
  },
  'DELETE /api/admin/treatments/:id': {
    request: async (f) => ({ method: 'DELETE', url: `/api/admin/treatments/${await f.freshTreatmentId()}` }),
    expected: adminOnly(200),
  },
  'GET /api/admin/doctors/:id/treatments': {
    request: async (f) => ({ url: `/api/admin/doctors/${await f.freshDoctorId()}/treatments` }),
    expected: adminOnly(200),
  },
  'PUT /api/admin/doctors/:id/treatments': {
    request: async (f) => ({ method: 'PUT', url: `/api/admin/doctors/${await f.freshDoctorId()}/treatments`, payload: { treatmentIds: [f.treatments[1]!._id] } }),
    expected: adminOnly(200),
  },
  'GET /api/admin/working-hours': { request: () => ({ url: '/api/admin/working-hours' }), expected: adminOnly(200) },
  'PUT /api/admin/working-hours': {
    // A new doctor's own hours: the clinic's (which the other rows book in) stay as they are.
    request: async (f) => ({
      method: 'PUT',
      url: `/api/admin/working-hours?doctorId=${await f.freshDoctorId()}`,
      payload: { weekdays: { 1: [{ start: 540, end: 720 }] } },
    }),
    expected: adminOnly(200),
  },
  'GET /api/admin/schedule-exceptions': { request: () => ({ url: '/api/admin/schedule-exceptions' }), expected: adminOnly(200) },
  'POST /api/admin/schedule-exceptions': {
    request: async (f) => ({
      method: 'POST',
      url: '/api/admin/schedule-exceptions',
      payload: { doctorId: await f.freshDoctorId(), dateFrom: '2030-07-21', dateTo: '2030-07-22', kind: 'closed', reason: 'Leave' },
    }),
    expected: adminOnly(201),
  },
  'DELETE /api/admin/schedule-exceptions/:id': {
    request: async (f) => ({ method: 'DELETE', url: `/api/admin/schedule-exceptions/${await f.freshExceptionId()}` }),
    expected: adminOnly(204),
  },
  'GET /api/audit': { request: () => ({ url: '/api/audit' }), expected: adminOnly(200) },
  'GET /api/contact': { request: () => ({ url: '/api/contact' }), expected: adminOnly(200) },
  'GET /api/outbox': { request: () => ({ url: '/api/outbox' }), expected: adminOnly(200) },
  // The owner's numbers (practice-loop.md section 8): not the front desk's, not a doctor's.
  'GET /api/admin/reports/summary': { request: () => ({ url: `/api/admin/reports/summary?from=${DAY}&to=${DAY}` }), expected: adminOnly(200) },
  'GET /api/admin/reports/summary.csv': { request: () => ({ url: `/api/admin/reports/summary.csv?from=${DAY}&to=${DAY}` }), expected: adminOnly(200) },
  // Reviews: the public list for anyone; one's own reviews and visits only; moderation for admins.
  'GET /api/reviews': { request: () => ({ url: '/api/reviews' }), expected: everyone(200) },
  'GET /api/me/reviews': { request: () => ({ url: '/api/me/reviews' }), expected: signedIn(200) },
  'POST /api/booking/:id/review': {
    // The fixture visit has not taken place yet: its owner gets 409, anyone else 404.
    request: (f) => ({ method: 'POST', url: `/api/booking/${f.bookingId}/review`, payload: { rating: 5, text: 'Fine' } }),
    expected: { ...signedIn(404), patient: 409 },
  },
  'PATCH /api/reviews/:id': {
    request: () => ({ method: 'PATCH', url: '/api/reviews/00000000-0000-4000-8000-000000000000', payload: { rating: 4 } }),
    expected: signedIn(404),
  },
  'DELETE /api/reviews/:id': {
    request: () => ({ method: 'DELETE', url: '/api/reviews/00000000-0000-4000-8000-000000000000' }),
    expected: signedIn(404),
  },
  'GET /api/admin/reviews': { request: () => ({ url: '/api/admin/reviews' }), expected: adminOnly(200) },
  'PATCH /api/admin/reviews/:id': {
    request: () => ({ method: 'PATCH', url: '/api/admin/reviews/00000000-0000-4000-8000-000000000000', payload: { status: 'published' } }),
    expected: adminOnly(404),
  },
  'GET /api/admin/background': { request: () => ({ url: '/api/admin/background' }), expected: adminOnly(200) },
  // The waitlist is each signed-in caller's own: another's entry or offer is a 404.
  'GET /api/waitlist': { request: () => ({ url: '/api/waitlist' }), expected: signedIn(200) },
  'POST /api/waitlist': {
    request: () => ({ method: 'POST', url: '/api/waitlist', payload: { treatmentId: 'not-a-uuid', from: '2030-06-07', to: '2030-06-08' } }),
    expected: signedIn(400),
  },
  'DELETE /api/waitlist/:id': {
    request: async (f) => ({ method: 'DELETE', url: `/api/waitlist/${await f.freshWaitlistEntryOf('patient')}` }),
    expected: { ...signedIn(404), patient: 204 },
  },
  'POST /api/waitlist/offers/:id/claim': {
    request: () => ({ method: 'POST', url: '/api/waitlist/offers/00000000-0000-4000-8000-000000000000/claim', payload: {} }),
    expected: signedIn(404),
  },
  'GET /api/payments/config': { request: () => ({ url: '/api/payments/config' }), expected: everyone(200) },
  'POST /api/booking/:id/pay': {
    request: (f) => ({ method: 'POST', url: `/api/booking/${f.bookingId}/pay`, payload: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' } }),
    // Only the patient pays their own booking; to anyone else it does not exist.
    expected: { ...signedIn(404), patient: 200 },
  },
  // In test mode (this app) the Stripe routes refuse every signed-in caller: there is no Stripe.
  'POST /api/booking/:id/payment-intent': {
    request: (f) => ({ method: 'POST', url: `/api/booking/${f.bookingId}/payment-intent` }),
    expected: signedIn(409),
  },
  'POST /api/booking/:id/payment-confirmation': {
    request: (f) => ({ method: 'POST', url: `/api/booking/${f.bookingId}/payment-confirmation` }),
    expected: signedIn(409),
  },
  // Stripe authenticates its webhook by signature, not by caller; unconfigured, it does not exist.
  'POST /api/payments/webhook': {
    request: () => ({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' }),
    expected: everyone(404),
  },
};

/** The access a route must declare (`config.access`) for the statuses the matrix expects of it. */
function accessOf({ expected, isPublic, access }: Row): RouteAccess | undefined {
  if (isPublic || expected.anonymous !== 401) return undefined;
  if (access) return access;
  return expected.patient === 403 && expected.otherPatient === 403 ? 'admin' : 'signed-in';
}

/** A route's request with every part wrong: parameters, query, and a body that is not JSON or not valid. */
function malformedInputs(method: string, url: string): InjectOptions[] {
  const path = `${url.replaceAll(/:\w+/g, 'not%20an%20email')}?patient=not-an-email&date=someday`;
  if (method === 'GET' || method === 'DELETE') return [{ method: method as 'GET', url: path }];
  return ['{"malformed": ', '{"treatmentId": 42, "email": "nope", "cardNumber": [], "name": ""}'].map((payload) => ({
    method: method as 'POST',
    url: path,
    headers: { 'content-type': 'application/json' },
    payload,
  }));
}

/** Public by design and not part of the matrix: the API's own documentation. */
const isDocumentation = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('access-control matrix', () => {
  let t: TestApp;
  let f: Fixtures;
  const tokens = {} as Record<CallerKind, string | null>;

  beforeAll(async () => {
    t = await buildTestApp(
      {
        ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password', MAX_ACTIVE_BOOKINGS: '1000', BOOKING_RATE_LIMIT_PER_MINUTE: '1000',
        // The sign-in row tries one wrong password per caller, all on the patient's address.
        AUTH_RATE_LIMIT_PER_ACCOUNT: '20',
      },
      { now: () => NOW },
    );
    const patient = await signUp(t);
    const other = await signUp(t);
    const admin = await signIn(t, 'boss@clinic.test', 'admin-password');
    // Staff accounts are made by an admin; here straight in the database, as the role's own rows are not what this proves.
    const receptionist = await signUp(t);
    await t.db.update(users).set({ role: 'receptionist' }).where(eq(users.email, receptionist.email));
    const doctorAccount = await signUp(t);
    const [doctorImage] = await t.db.insert(images).values({ contentType: 'image/webp', content: await makeImage('webp', 8, 8), width: 8, height: 8 }).returning();
    const [doctor] = await t.db.insert(doctors).values({ name: 'Dr Own Lane', email: 'own.lane@clinic.test', specialty: '', img: `/api/image/${doctorImage!.id}` }).returning();
    await t.db.update(users).set({ role: 'doctor', doctorId: doctor!.id }).where(eq(users.email, doctorAccount.email));
    Object.assign(tokens, { anonymous: null, patient: patient.token, otherPatient: other.token, receptionist: receptionist.token, doctor: doctorAccount.token, admin: admin.token });

    const treatments = (await t.app.inject(`/api/available?date=${DAY}`)).json<Fixtures['treatments']>();
    const booked = await t.app.inject({
      method: 'POST', url: '/api/booking', headers: bearer(patient),
      payload: { treatmentId: treatments[0]!._id, date: DAY, slot: treatments[0]!.slots[0] },
    });
    const [image] = await t.db.insert(images).values({ contentType: 'image/webp', content: await makeImage('webp', 8, 8), width: 8, height: 8 }).returning();
    let n = 0;
    let bookingDay = 0;
    let waitlistCount = 0;
    f = {
      patient,
      doctorId: doctor!.id,
      bookingId: booked.json().booking._id,
      imageId: image!.id,
      imageUrl: `/api/image/${image!.id}`,
      treatments,
      fresh: () => `fresh${n++}-${Date.now()}@example.com`,
      freshUser: async () => (await signUp(t)).email,
      freshUserId: async () => {
        const { email } = await signUp(t);
        const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        return row!.id;
      },
      freshDoctor: async () => {
        const email = f.fresh();
        await t.db.insert(doctors).values({ name: 'Dr Temp', email, specialty: '', img: f.imageUrl });
        return email;
      },
      freshDoctorId: async () => {
        const [row] = await t.db.insert(doctors).values({ name: 'Dr Temp', email: f.fresh(), specialty: '', img: f.imageUrl }).returning();
        return row!.id;
      },
      freshTreatmentId: async () => {
        const [row] = await t.db.insert(treatmentsTable).values({ name: `Temp ${f.fresh()}`, priceCents: 100 }).returning();
        return row!.id;
      },
      // Consecutive bookings on different treatments, and no (day, treatment) twice in 108: the
      // patient's one booking of a treatment a day never refuses a fixture.
      freshBookingOf: async () => {
        const n = bookingDay++;
        const day = `2030-06-${String(10 + (Math.floor(n / treatments.length) % 18)).padStart(2, '0')}`;
        const treatment = treatments[n % treatments.length]!;
        const res = await t.app.inject({
          method: 'POST', url: '/api/booking', headers: bearer(patient),
          payload: { treatmentId: treatment._id, date: day, slot: treatment.slots[(n * 3) % 16] },
        });
        if (res.statusCode !== 201) throw new Error(`fixture booking: ${res.statusCode} ${res.body}`);
        return res.json().booking._id as string;
      },
      freshWaitlistEntryOf: async () => {
        // Written directly: the API's limit of active entries is not what this row is about.
        const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, patient.email));
        const [row] = await t.db
          .insert(waitlistEntries)
          .values({ patientId: owner!.id, treatmentId: treatments[waitlistCount++ % treatments.length]!._id, dateFrom: '2030-06-10', dateTo: '2030-06-12' })
          .returning();
        return row!.id;
      },
      freshExceptionId: async () => {
        const [row] = await t.db
          .insert(scheduleExceptions)
          .values({ dateFrom: '2030-07-20', dateTo: '2030-07-20', kind: 'closed', doctorId: await f.freshDoctorId() })
          .returning();
        return row!.id;
      },
    };
  });
  afterAll(() => t.close());

  it('covers every API route the server registers', () => {
    const registered = new Set(
      t.app.routeTable
        .filter((r) => (r.url.startsWith('/api') || r.url === '/metrics') && !isDocumentation(r.url))
        // HEAD mirrors GET (Fastify adds it); the GET row covers both.
        .filter((r) => r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`),
    );
    const uncovered = [...registered].filter((key) => !(key in MATRIX));
    expect(uncovered, 'routes missing from the access matrix').toEqual([]);
    const stale = Object.keys(MATRIX).filter((key) => !registered.has(key));
    expect(stale, 'matrix rows for routes that no longer exist').toEqual([]);
  });

  it('has every route declare who may call it, as the matrix expects', () => {
    const declared = new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const [route, row] of Object.entries(MATRIX)) {
      expect(declared.get(route), route).toBe(accessOf(row));
    }
  });

  // Refused callers learn nothing about what valid input looks like: who they are is checked
  // before the body is parsed and before anything is validated.
  for (const [route, row] of Object.entries(MATRIX)) {
    const access = accessOf(row);
    if (!access) continue;
    // Every caller the route's declared access turns away: anonymous always, and for a role's
    // routes each caller whose role lacks it.
    const refused = Object.fromEntries(
      CALLERS.filter((c) => c === 'anonymous' || (access !== 'signed-in' && row.expected[c] === 403)).map((c) => [c, c === 'anonymous' ? 401 : 403]),
    );
    it(`${route}: ${JSON.stringify(refused)} before reading malformed input`, async () => {
      const [method, url] = route.split(' ') as [string, string];
      for (const input of malformedInputs(method, url)) {
        const statuses: Record<string, number> = {};
        for (const caller of Object.keys(refused) as CallerKind[]) {
          const token = tokens[caller];
          const res = await t.app.inject({
            ...input,
            headers: { origin: t.origin, ...input.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          });
          statuses[caller] = res.statusCode;
        }
        expect(statuses, JSON.stringify(input)).toEqual(refused);
      }
    });
  }

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}: ${CALLERS.map((c) => `${c} ${row.expected[c]}`).join(', ')}`, async () => {
      const statuses = {} as Record<CallerKind, number>;
      for (const caller of CALLERS) {
        const options = await row.request(f, caller);
        const token = tokens[caller];
        const res = await t.app.inject({
          ...options,
          headers: { origin: t.origin, ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        statuses[caller] = res.statusCode;
      }
      expect(statuses).toEqual(row.expected);
    });
  }
});
