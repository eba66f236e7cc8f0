/**
 * The appointment lifecycle through the API (design clinic-operations.md sections 2.4, 3.1, 3.4,
 * 5.1-5.3; section 7, issue 2): the patient's cancel and in-place reschedule with their notice
 * windows, refunds (test mode, and Stripe's webhooks), statuses and their history, the calendar
 * files in the mails, and 50 reschedules racing for one free time.
 */
import Stripe from 'stripe';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatMediumDate, type Availability, type TreatmentAvailability } from '@clinic/shared';
import { buildApp, type BuildOptions } from '../../app.ts';
import { auditLog, bookingEvents, bookings, jobs, outbox, payments, refunds, users } from '../../db/schema.ts';
import { ISSUE_REFUND_JOB } from '../payments/refunds.service.ts';
import {
  bearer, buildTestApp, createBooking, createSignedInPatients, signIn, testDb, treatmentsOn, unusedDay, type TestApp,
  quickPasswordHasher,
} from '../../test/helper.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';

// The clock is pinned: Wednesday 2030-06-05 10:15 in the clinic's zone (UTC in these tests).
const NOW = new Date('2030-06-05T10:15:00Z');
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const CLINIC = { CLINIC_PHONE: '+1 555 0100', CLINIC_INBOX: 'inbox@clinic.test' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const NINE = '09.00 AM - 09.30 AM';
const ELEVEN = '11.00 AM - 11.30 AM';
const HOUR = 3_600_000;

type Patient = { email: string; name: string; token: string };
type Treatment = TreatmentAvailability;

/** The job engine stopped: each test issues the due refunds by hand (`issueRefunds`). */
const options = (now: () => Date): BuildOptions => ({ now, jobs: { autoStart: false } });
/** One pass of the job engine over the due `refund.issue` jobs; answers how many ran. */
const issueRefunds = (t: TestApp) => t.app.jobs.runOnce({ kinds: [ISSUE_REFUND_JOB] });

async function rows<T>(t: TestApp, query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The instant a booking of `date` at `minutes` starts (the clinic's zone is UTC here). */
const at = (date: string, minutes: number) => new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000);

/** The patient's side of the API, on `app` (another instance, when given). */
function patientApi(t: TestApp) {
  const call = (user: { token: string }, options: InjectOptions, app: FastifyInstance = t.app) =>
    app.inject({ ...options, headers: { ...bearer(user), ...options.headers } });
  return {
    cancel: (user: { token: string }, id: string, body: Record<string, unknown> = {}) =>
      call(user, { method: 'POST', url: `/api/booking/${id}/cancel`, payload: body }),
    reschedule: (user: { token: string }, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}, app?: FastifyInstance) =>
      call(user, { method: 'POST', url: `/api/booking/${id}/reschedule`, payload: body, headers }, app),
    detail: (user: { token: string }, id: string) => call(user, { url: `/api/booking/${id}` }),
    pay: async (user: { token: string }, id: string) => {
      const res = await call(user, { method: 'POST', url: `/api/booking/${id}/pay`, payload: CARD });
      if (res.statusCode !== 200) throw new Error(`paying failed: ${res.statusCode} ${res.body}`);
      return res.json<{ transactionId: string }>().transactionId;
    },
    list: (user: Patient, include?: 'cancelled') =>
      call(user, { url: `/api/booking?patient=${encodeURIComponent(user.email)}${include ? `&include=${include}` : ''}` }),
  };
}

const admins = new WeakMap<TestApp, ReturnType<typeof signInAdmin>>();
/** The admin's side (signed in once per app). */
const adminOf = (t: TestApp) => {
  if (!admins.has(t)) admins.set(t, signInAdmin(t));
  return admins.get(t)!;
};

/** Signed in with ADMIN_EMAIL, with the account's id (the events' and audit's actor). */
async function signInAdmin(t: TestApp) {
  const { token } = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const [user] = await t.db.select().from(users).where(eq(users.email, ADMIN.ADMIN_EMAIL));
  const request = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  return {
    token,
    id: user!.id,
    request,
    status: (id: string, status: string, note?: string) =>
      request({ method: 'PATCH', url: `/api/admin/bookings/${id}/status`, payload: { status, ...(note ? { note } : {}) } }),
    cancel: (id: string, body: Record<string, unknown>) => request({ method: 'POST', url: `/api/admin/bookings/${id}/cancel`, payload: body }),
    reschedule: (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      request({ method: 'POST', url: `/api/admin/bookings/${id}/reschedule`, payload: body, headers }),
  };
}

const freeSlots = async (t: TestApp | FastifyInstance, date: string, treatmentId: string) => {
  const app = 'app' in t ? t.app : t;
  const res = await app.inject(`/api/available?date=${encodeURIComponent(date)}`);
  return res.json<Treatment[]>().find((x) => x._id === treatmentId)!.slots;
};

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

const mailsTo = (t: TestApp, to: string, kind: string) =>
  t.db.select().from(outbox).where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));

describe('the patient cancels', () => {
  let t: TestApp;
  let treatments: Treatment[];
  let now = NOW;
  /** On PostgreSQL a second instance on the same database; on PGlite (one process) none. */
  let other: FastifyInstance | undefined;
  const api = () => patientApi(t);
  const treatment = (name: string) => treatments.find((x) => x.name === name)!;
  const patients = (n: number) => createSignedInPatients(t, n, 'canceller') as Promise<Patient[]>;

  beforeAll(async () => {
    t = await buildTestApp({ ...ADMIN, ...CLINIC }, options(() => now));
    treatments = await treatmentsOn(t, '2030-06-10');
    if (testDb === 'postgres') other = await buildApp(t.config, { logger: false, now: () => now, jobs: { autoStart: false }, passwordHasher: quickPasswordHasher });
  });
  beforeEach(() => {
    now = NOW;
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it('gives the owner 200 more than 24 h ahead, frees the time at once (on another instance too), and mails a calendar CANCEL', async () => {
    const [ann, bob] = await patients(2);
    const day = unusedDay();
    const cleaning = treatment('Teeth Cleaning');
    const booked = await createBooking(t, ann!, { treatmentId: cleaning._id, date: day, slot: NINE });
    expect(await freeSlots(t, day, cleaning._id)).not.toContain(NINE); // now cached here
    if (other) expect(await freeSlots(other, day, cleaning._id)).not.toContain(NINE); // and there

    const res = await api().cancel(ann!, booked._id, { reason: 'Feeling better' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      booking: expect.objectContaining({
        _id: booked._id, status: 'cancelled', cancelledBy: 'patient', canCancel: false, canReschedule: false, refund: null, version: 1,
      }),
      refund: null,
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked._id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'patient', cancelReason: 'Feeling better' });
    expect(row!.cancelledAt!.toISOString()).toBe(NOW.toISOString());

    // Bookable again at once here; on PostgreSQL another instance hears it and books it.
    expect(await freeSlots(t, day, cleaning._id)).toContain(NINE);
    if (other) {
      expect(await eventually(async () => (await freeSlots(other!, day, cleaning._id)).includes(NINE))).toBe(true);
      const again = await other.inject({ method: 'POST', url: '/api/booking', headers: bearer(bob!), payload: { treatmentId: cleaning._id, date: day, slot: NINE } });
      expect(again.statusCode).toBe(201);
    } else {
      expect((await createBooking(t, bob!, { treatmentId: cleaning._id, date: day, slot: NINE })).slot).toBe(NINE);
    }
    // And the patient may book that treatment that day again.
    expect((await createBooking(t, ann!, { treatmentId: cleaning._id, date: day, slot: ELEVEN })).slot).toBe(ELEVEN);

    // Listed only with include=cancelled.
    expect((await api().list(ann!)).json<{ _id: string }[]>().map((b) => b._id)).not.toContain(booked._id);
    const all = (await api().list(ann!, 'cancelled')).json<{ _id: string; status: string; cancelledBy: string }[]>();
    expect(all.find((b) => b._id === booked._id)).toMatchObject({ status: 'cancelled', cancelledBy: 'patient' });

    const [mail, ...more] = await mailsTo(t, ann!.email, 'booking-cancelled');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Appointment cancelled, ${formatMediumDate(day)} at ${NINE}`);
    expect(mail!.ics).toContain('METHOD:CANCEL\r\n');
    expect(mail!.ics).toContain('STATUS:CANCELLED\r\n');
    expect(mail!.ics).toContain(`UID:${booked._id}@doctors-portal\r\n`);
    expect(mail!.ics).toContain('SEQUENCE:2\r\n');
    expect(mail!.ics).toContain(`DTSTART;TZID=UTC:${day.replaceAll('-', '')}T090000\r\n`);
  });

  it("answers another patient's cancel with a 404 and changes nothing", async () => {
    const [ann, bob] = await patients(2);
    const booked = await createBooking(t, ann!, { treatmentId: treatment('Oral Surgery')._id, date: unusedDay(), slot: NINE });
    const res = await api().cancel(bob!, booked._id);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain(ann!.email);
    expect((await api().cancel(bob!, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api().cancel(bob!, 'not-a-uuid')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/booking/${booked._id}/cancel`, payload: {} })).statusCode).toBe(401);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked._id));
    expect(row!.status).toBe('confirmed');
  });

  it('refuses inside CANCEL_NOTICE_HOURS with 409 cancel_window_closed, the deadline and the clinic phone', async () => {
    const [ann] = await patients(1);
    const day = unusedDay();
    const early = await createBooking(t, ann!, { treatmentId: treatment('Teeth Cleaning')._id, date: day, slot: NINE });
    const late = await createBooking(t, ann!, { treatmentId: treatment('Cavity Protection')._id, date: day, slot: NINE });
    const deadline = new Date(at(day, 540).getTime() - 24 * HOUR);

    // One minute before the deadline: still open.
    now = new Date(deadline.getTime() - 60_000);
    expect((await api().detail(ann!, early._id)).json()).toMatchObject({ canCancel: true, cancelDeadline: deadline.toISOString() });
    expect((await api().cancel(ann!, early._id)).statusCode).toBe(200);

    // At the deadline: closed.
    now = deadline;
    expect((await api().detail(ann!, late._id)).json()).toMatchObject({ canCancel: false, cancelDeadline: deadline.toISOString() });
    const res = await api().cancel(ann!, late._id);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'cancel_window_closed', deadline: deadline.toISOString(), clinicPhone: CLINIC.CLINIC_PHONE });
    expect(res.json().detail).toContain(CLINIC.CLINIC_PHONE);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, late._id));
    expect(row!.status).toBe('confirmed');
    expect(await mailsTo(t, ann!.email, 'booking-cancelled')).toHaveLength(1); // the early one's only
  });

  it('answers a second cancel with 409 booking_not_modifiable', async () => {
    const [ann] = await patients(1);
    const booked = await createBooking(t, ann!, { treatmentId: treatment('Pediatric Dental')._id, date: unusedDay(), slot: NINE });
    expect((await api().cancel(ann!, booked._id)).statusCode).toBe(200);
    const again = await api().cancel(ann!, booked._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'booking_not_modifiable' });
    expect(await mailsTo(t, ann!.email, 'booking-cancelled')).toHaveLength(1);
  });

  it('allows 5 cancels in 10 minutes per account, then 429, and not for anyone else', async () => {
    const [ann, bob] = await patients(2);
    const day = unusedDay();
    const six = await Promise.all(treatments.map((x) => createBooking(t, ann!, { treatmentId: x._id, date: day, slot: ELEVEN })));
    for (const b of six.slice(0, 5)) expect((await api().cancel(ann!, b._id)).statusCode).toBe(200);
    const sixth = await api().cancel(ann!, six[5]!._id);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'rate_limited' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, six[5]!._id));
    expect(row!.status).toBe('confirmed');
    const bobs = await createBooking(t, bob!, { treatmentId: treatments[0]!._id, date: day, slot: NINE });
    expect((await api().cancel(bob!, bobs._id)).statusCode).toBe(200);
  });

  it('refunds a paid test-mode booking in full: a pending row in the cancel, succeeded after one worker cycle, shown on the booking', async () => {
    const [ann] = await patients(1);
    const surgery = treatment('Oral Surgery');
    const booked = await createBooking(t, ann!, { treatmentId: surgery._id, date: unusedDay(), slot: NINE });
    await api().pay(ann!, booked._id);

    const res = await api().cancel(ann!, booked._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refund: { status: 'pending', amount: surgery.price }, booking: { refund: { status: 'pending', amount: surgery.price }, paid: true } });
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booked._id));
    expect(pending).toMatchObject({ status: 'pending', provider: 'test', amountCents: surgery.price * 100 });
    const [payment] = await t.db.select().from(payments).where(and(eq(payments.bookingId, booked._id), eq(payments.status, 'succeeded')));
    expect(pending!.paymentId).toBe(payment!.id);
    const [mail] = await mailsTo(t, ann!.email, 'booking-cancelled');
    expect(mail!.textBody).toContain(`$${surgery.price.toFixed(2)} will be refunded`);
    expect(mail!.textBody).toMatch(/\n\nYour Oral Surgery appointment on .+ is cancelled\./);

    expect(await issueRefunds(t)).toBeGreaterThanOrEqual(1);
    expect(await issueRefunds(t)).toBe(0);
    const done = await t.db.select().from(refunds).where(eq(refunds.bookingId, booked._id));
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ status: 'succeeded', amountCents: surgery.price * 100 });
    expect(done[0]!.providerRef).toMatch(/^test_re_[0-9a-f]{32}$/);
    const detail = await api().detail(ann!, booked._id);
    expect(detail.json()).toMatchObject({ status: 'cancelled', refund: { status: 'succeeded', amount: surgery.price } });
  });

  // The job engine's give-up path is the refund's one failure writer: one row update, one history
  // entry, one mail, however many attempts came before.
  it('gives up on a refund that keeps failing after its attempts, recording the failure once', async () => {
    const [ann] = await patients(1);
    const booked = await createBooking(t, ann!, { treatmentId: treatment('Oral Surgery')._id, date: unusedDay(), slot: NINE });
    await api().pay(ann!, booked._id);
    expect((await api().cancel(ann!, booked._id)).statusCode).toBe(200);
    // Queued for Stripe, which this clinic has since turned off: every attempt fails.
    await t.db.update(refunds).set({ provider: 'stripe' }).where(eq(refunds.bookingId, booked._id));

    for (let attempt = 1; attempt <= 8; attempt++) {
      expect(await issueRefunds(t)).toBeGreaterThanOrEqual(1);
      const [row] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booked._id));
      expect(row).toMatchObject({ status: attempt < 8 ? 'pending' : 'failed', attempts: attempt, failureReason: 'Stripe is not configured for this refund' });
      now = new Date(now.getTime() + 7 * HOUR); // past the longest backoff (6 h)
    }
    expect(await issueRefunds(t)).toBe(0);
    const history = await t.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, booked._id), eq(bookingEvents.type, 'refund')));
    expect(history.map((e) => e.data)).toEqual([{ status: 'failed', amount: treatment('Oral Surgery').price }]);
    const inbox = (await mailsTo(t, CLINIC.CLINIC_INBOX, 'refund-failed')).filter((m) => m.textBody.includes(booked._id));
    expect(inbox).toHaveLength(1);
    const [job] = await t.db.select().from(jobs).where(and(eq(jobs.kind, ISSUE_REFUND_JOB), eq(jobs.status, 'failed')));
    expect(job).toMatchObject({ attempts: 8, lastError: 'Stripe is not configured for this refund' });
  });

  it('lets the admin cancel inside the window, refunding part of a paid booking', async () => {
    const admin = await adminOf(t);
    const [ann] = await patients(1);
    const day = unusedDay();
    const ortho = treatment('Teeth Orthodontics');
    const booked = await createBooking(t, ann!, { treatmentId: ortho._id, date: day, slot: NINE });
    await api().pay(ann!, booked._id);
    now = new Date(at(day, 540).getTime() - 2 * HOUR);
    expect((await api().cancel(ann!, booked._id)).json()).toMatchObject({ code: 'cancel_window_closed' });

    const res = await admin.cancel(booked._id, { reason: 'Patient phoned: late cancellation fee', refund: { amountCents: 500 }, notify: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ booking: { _id: booked._id, status: 'cancelled', cancelledBy: 'admin' }, refund: { status: 'pending', amount: 5 } });
    expect(await issueRefunds(t)).toBeGreaterThanOrEqual(1);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booked._id));
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 500 });
    expect((await api().detail(ann!, booked._id)).json()).toMatchObject({ cancelledBy: 'admin', refund: { status: 'succeeded', amount: 5 } });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booked._id));
    expect(events.find((e) => e.type === 'cancelled')).toMatchObject({ actorKind: 'admin', actorId: admin.id });
    // The clinic's cancel says so, with its reason and an apology; the patient's own does not.
    const [told] = await mailsTo(t, ann!.email, 'booking-cancelled');
    expect(told!.textBody).toMatch(/\n\nWe are sorry: the clinic has cancelled your Teeth Orthodontics appointment on .+\. Reason: Patient phoned: late cancellation fee\. \$5\.00 will be refunded to your card\./);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.cancel'), eq(auditLog.target, booked._id)));
    expect(audits).toHaveLength(1);
    expect(await mailsTo(t, ann!.email, 'booking-cancelled')).toHaveLength(1);
    // The slot is free again for the patient who rings next.
    expect(await freeSlots(t, day, ortho._id)).toContain(NINE);
  });

  it('refuses an admin refund of more than was paid (400), and of anything on an unpaid booking, changing nothing', async () => {
    const admin = await adminOf(t);
    const [ann] = await patients(1);
    const cleaning = treatment('Teeth Cleaning');
    const paid = await createBooking(t, ann!, { treatmentId: cleaning._id, date: unusedDay(), slot: NINE });
    await api().pay(ann!, paid._id);
    const tooMuch = await admin.cancel(paid._id, { reason: 'Closure', refund: { amountCents: cleaning.price * 100 + 1 }, notify: false });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'validation_failed', errors: { refund: [expect.any(String)] } });
    const unpaid = await createBooking(t, ann!, { treatmentId: treatment('Cosmetic Dentistry')._id, date: unusedDay(), slot: NINE });
    expect((await admin.cancel(unpaid._id, { reason: 'Closure', refund: { amountCents: 100 }, notify: false })).statusCode).toBe(400);
    const after = await t.db.select().from(bookings).where(inArray(bookings.id, [paid._id, unpaid._id]));
    expect(after.map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
    expect(await t.db.select().from(refunds).where(inArray(refunds.bookingId, [paid._id, unpaid._id]))).toEqual([]);

    // The exact amount is allowed; notify false sends no mail.
    const exact = await admin.cancel(paid._id, { reason: 'Closure', refund: { amountCents: cleaning.price * 100 }, notify: false });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().refund).toEqual({ status: 'pending', amount: cleaning.price });
    expect(await mailsTo(t, ann!.email, 'booking-cancelled')).toEqual([]);
  });

  it('refuses an admin cancel once the appointment has started, and of a cancelled one (409)', async () => {
    const admin = await adminOf(t);
    const [ann] = await patients(1);
    const day = unusedDay();
    const started = await createBooking(t, ann!, { treatmentId: treatment('Teeth Cleaning')._id, date: day, slot: NINE });
    const gone = await createBooking(t, ann!, { treatmentId: treatment('Oral Surgery')._id, date: day, slot: ELEVEN });
    expect((await admin.cancel(gone._id, { reason: 'Doctor ill', refund: 'none', notify: false })).statusCode).toBe(200);
    expect((await admin.cancel(gone._id, { reason: 'Doctor ill', refund: 'none', notify: false })).json()).toMatchObject({ code: 'booking_not_modifiable' });
    now = at(day, 545);
    const late = await admin.cancel(started._id, { reason: 'Too late', refund: 'none', notify: false });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'booking_not_modifiable' });
  });

  it('keeps the admin endpoints from patients (403)', async () => {
    const [ann] = await patients(1);
    const booked = await createBooking(t, ann!, { treatmentId: treatment('Teeth Cleaning')._id, date: unusedDay(), slot: NINE });
    const as = (options: InjectOptions) => t.app.inject({ ...options, headers: bearer(ann!) });
    expect((await as({ method: 'PATCH', url: `/api/admin/bookings/${booked._id}/status`, payload: { status: 'completed' } })).statusCode).toBe(403);
    expect((await as({ method: 'POST', url: `/api/admin/bookings/${booked._id}/cancel`, payload: { reason: 'x', refund: 'none', notify: false } })).statusCode).toBe(403);
    expect((await as({ method: 'POST', url: `/api/admin/bookings/${booked._id}/reschedule`, payload: { date: unusedDay(), slot: NINE } })).statusCode).toBe(403);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked._id));
    expect(row!.status).toBe('confirmed');
  });
});

describe('REFUND_ON_PATIENT_CANCEL=none', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REFUND_ON_PATIENT_CANCEL: 'none' }, options(() => NOW));
  });
  afterAll(() => t.close());

  it('cancels a paid booking with no refund row (the clinic keeps the payment)', async () => {
    const [ann] = (await createSignedInPatients(t, 1, 'keeper')) as Patient[];
    const treatments = await treatmentsOn(t, '2030-06-10');
    const booked = await createBooking(t, ann!, { treatmentId: treatments[0]!._id, date: '2030-06-10', slot: NINE });
    await patientApi(t).pay(ann!, booked._id);
    const res = await patientApi(t).cancel(ann!, booked._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refund: null, booking: { status: 'cancelled', paid: true, refund: null } });
    expect(await issueRefunds(t)).toBe(0);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booked._id))).toEqual([]);
    const [mail] = await mailsTo(t, ann!.email, 'booking-cancelled');
    expect(mail!.textBody).not.toContain('refunded');
  });
});

describe('Stripe refunds (official SDK against the stand-in)', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret_for_the_clinic';
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let now = NOW;
  const signer = new Stripe('sk_test_unused');
  const deliver = (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000), livemode: false, data: { object },
    });
    return t.app.inject({
      method: 'POST', url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    });
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp(
      { ...CLINIC, STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url },
      options(() => now),
    );
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  // Stripe is down for the first attempt (the SDK's own two retries included): the worker tries
  // again after its backoff, always with the row's idempotency key, and the refund succeeds once.
  it('asks Stripe for the refund with the idempotency key refund-<id> on every attempt, records it once it succeeds, and a refund.failed webhook marks it failed and mails the clinic', async () => {
    const [ann] = (await createSignedInPatients(t, 1, 'stripe')) as Patient[];
    const list = await treatmentsOn(t, '2030-06-10');
    const booked = await createBooking(t, ann!, { treatmentId: list[1]!._id, date: '2030-06-10', slot: NINE });
    const cents = booked.price * 100;
    const paid = await deliver('payment_intent.succeeded', {
      id: 'pi_refund_me', object: 'payment_intent', amount: cents, currency: 'usd', status: 'succeeded', metadata: { bookingId: booked._id },
    });
    expect(paid.statusCode).toBe(200);

    const res = await patientApi(t).cancel(ann!, booked._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().refund).toEqual({ status: 'pending', amount: booked.price });
    const [queued] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booked._id));
    expect(queued).toMatchObject({ provider: 'stripe', status: 'pending', amountCents: cents });

    standIn.failRefunds(3);
    await issueRefunds(t);
    const creates = () => standIn.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
    expect(creates()).toHaveLength(3); // one attempt: the SDK's request and its two retries
    const [retrying] = await t.db.select().from(refunds).where(eq(refunds.id, queued!.id));
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1 });
    await issueRefunds(t); // not due yet: no new call
    expect(creates()).toHaveLength(3);
    now = new Date(NOW.getTime() + 10 * 60_000); // past the retry's backoff
    await issueRefunds(t);
    expect(creates()).toHaveLength(4);
    for (const call of creates()) {
      expect(call.idempotencyKey).toBe(`refund-${queued!.id}`);
      expect(call.body).toMatchObject({ payment_intent: 'pi_refund_me', amount: String(cents), 'metadata[refundId]': queued!.id, 'metadata[bookingId]': booked._id });
    }
    expect(standIn.refunds).toHaveLength(1);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, queued!.id));
    expect(settled).toMatchObject({ status: 'succeeded', attempts: 2, providerRef: standIn.refunds[0]!.id });
    expect((await patientApi(t).detail(ann!, booked._id)).json()).toMatchObject({ refund: { status: 'succeeded', amount: booked.price } });

    // Stripe made it (its id recorded) and later reports it failed.
    await t.db.update(refunds).set({ providerRef: 're_failing_card' }).where(eq(refunds.id, queued!.id));
    const failed = await deliver('refund.failed', { id: 're_failing_card', object: 'refund', amount: cents, status: 'failed', failure_reason: 'expired_or_canceled_card', payment_intent: 'pi_refund_me' });
    expect(failed.statusCode).toBe(200);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, queued!.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    const inbox = await mailsTo(t, CLINIC.CLINIC_INBOX, 'refund-failed');
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.textBody).toContain(booked._id);
    expect((await patientApi(t).detail(ann!, booked._id)).json()).toMatchObject({ refund: { status: 'failed', amount: booked.price } });
  });

  // The worker's failure path has one writer: one row update, one history entry, one mail.
  it('records a refund Stripe answers failed once: one history entry and one mail to the clinic', async () => {
    const [bea] = (await createSignedInPatients(t, 1, 'declined')) as Patient[];
    const list = await treatmentsOn(t, '2030-06-11');
    const booked = await createBooking(t, bea!, { treatmentId: list[1]!._id, date: '2030-06-11', slot: NINE });
    const paid = await deliver('payment_intent.succeeded', {
      id: 'pi_refund_declined', object: 'payment_intent', amount: booked.price * 100, currency: 'usd', status: 'succeeded', metadata: { bookingId: booked._id },
    });
    expect(paid.statusCode).toBe(200);
    expect((await patientApi(t).cancel(bea!, booked._id)).statusCode).toBe(200);

    standIn.declineRefunds(1);
    expect(await issueRefunds(t)).toBe(1);
    const [row, ...more] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booked._id));
    expect(more).toEqual([]);
    expect(row).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card', claimedUntil: null });
    expect(row!.providerRef).toMatch(/^re_/);
    const history = await t.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, booked._id), eq(bookingEvents.type, 'refund')));
    expect(history.map((e) => e.data)).toEqual([{ status: 'failed', amount: booked.price }]);
    const inbox = (await mailsTo(t, CLINIC.CLINIC_INBOX, 'refund-failed')).filter((m) => m.textBody.includes(booked._id));
    expect(inbox).toHaveLength(1);
    expect(await issueRefunds(t)).toBe(0);
  });
});

describe('the patient reschedules', () => {
  let t: TestApp;
  let treatments: Treatment[];
  let now = NOW;
  let other: FastifyInstance;
  const api = () => patientApi(t);
  const treatment = (name: string) => treatments.find((x) => x.name === name)!;
  const patients = (n: number) => createSignedInPatients(t, n, 'mover') as Promise<Patient[]>;

  beforeAll(async () => {
    t = await buildTestApp({ ...ADMIN, ...CLINIC }, options(() => now));
    treatments = await treatmentsOn(t, '2030-06-10');
    other = testDb === 'postgres' ? await buildApp(t.config, { logger: false, now: () => now, jobs: { autoStart: false }, passwordHasher: quickPasswordHasher }) : t.app;
  });
  beforeEach(() => {
    now = NOW;
  });
  afterAll(async () => {
    if (other !== t.app) await other.close();
    await t.close();
  });

  it('moves a paid booking in place: same id, version + 1, still paid, old time free, new one taken; history, mail and .ics follow', async () => {
    const [ann, bob] = await patients(2);
    const cleaning = treatment('Teeth Cleaning');
    const [from, to] = [unusedDay(), unusedDay()];
    const booked = await createBooking(t, ann!, { treatmentId: cleaning._id, date: from, slot: NINE });
    const transactionId = await api().pay(ann!, booked._id);
    expect(await freeSlots(t, to, cleaning._id)).toContain(ELEVEN); // cached before the move

    const res = await api().reschedule(ann!, booked._id, { date: to, slot: ELEVEN }, { 'if-match': '"v1"' });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      _id: booked._id, date: to, slot: ELEVEN, version: 2, paid: true, transactionId, status: 'confirmed',
      startsAt: `${to}T11:00:00.000Z`, endsAt: `${to}T11:30:00.000Z`, canCancel: true, canReschedule: true,
    });
    const same = await t.db.select().from(bookings).where(eq(bookings.patientEmail, ann!.email));
    expect(same.map((r) => [r.id, r.date, r.slot, r.version, r.paid, r.status])).toEqual([[booked._id, to, ELEVEN, 2, true, 'confirmed']]);
    expect(await t.db.$count(payments, eq(payments.bookingId, booked._id))).toBe(1);

    expect(await freeSlots(t, from, cleaning._id)).toContain(NINE);
    expect(await freeSlots(t, to, cleaning._id)).not.toContain(ELEVEN);
    expect((await createBooking(t, bob!, { treatmentId: cleaning._id, date: from, slot: NINE })).slot).toBe(NINE);
    const taken = await t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(bob!), payload: { treatmentId: cleaning._id, date: to, slot: ELEVEN } });
    expect(taken.statusCode).toBe(409);

    const detail = (await api().detail(ann!, booked._id)).json<{ events: { type: string; actor: string; data: Record<string, unknown> }[] }>();
    expect(detail.events.map((e) => [e.type, e.actor])).toEqual([['created', 'patient'], ['paid', 'patient'], ['rescheduled', 'patient']]);
    expect(detail.events[2]!.data).toMatchObject({ from: { date: from, slot: NINE }, to: { date: to, slot: ELEVEN } });

    const [mail, ...more] = await mailsTo(t, ann!.email, 'booking-rescheduled');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Appointment moved, ${formatMediumDate(to)} at ${ELEVEN}`);
    expect(mail!.ics).toContain(`UID:${booked._id}@doctors-portal\r\n`);
    expect(mail!.ics).toContain('SEQUENCE:2\r\n');
    expect(mail!.ics).toContain(`DTSTART;TZID=UTC:${to.replaceAll('-', '')}T110000\r\n`);
    expect(mail!.ics).not.toContain('METHOD:CANCEL');
    expect(mail!.ics).toContain('STATUS:CONFIRMED\r\n');

    // The calendar file: the owner's only, with the same UID and SEQUENCE.
    const ics = await t.app.inject({ url: `/api/booking/${booked._id}/ics`, headers: bearer(ann!) });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain(`UID:${booked._id}@doctors-portal\r\n`);
    expect(ics.body).toContain('SEQUENCE:2\r\n');
    expect(ics.body).toContain(`DTSTART;TZID=UTC:${to.replaceAll('-', '')}T110000\r\n`);
    expect((await t.app.inject({ url: `/api/booking/${booked._id}/ics`, headers: bearer(bob!) })).statusCode).toBe(404);
  });

  it('answers a stale If-Match with 412 and moves nothing; the current version moves it', async () => {
    const [ann] = await patients(1);
    const x = treatment('Cavity Protection');
    const day = unusedDay();
    const booked = await createBooking(t, ann!, { treatmentId: x._id, date: day, slot: NINE });
    expect((await api().reschedule(ann!, booked._id, { date: day, slot: ELEVEN }, { 'if-match': '"v1"' })).statusCode).toBe(200);
    const stale = await api().reschedule(ann!, booked._id, { date: day, slot: '02.00 PM - 02.30 PM' }, { 'if-match': '"v1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'precondition_failed' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked._id));
    expect(row).toMatchObject({ slot: ELEVEN, version: 2 });
    expect((await api().reschedule(ann!, booked._id, { date: day, slot: '02.00 PM - 02.30 PM' }, { 'if-match': '"v2"' })).json().booking).toMatchObject({ version: 3 });
  });

  it('answers a taken time with the spec conflict body (409), keeping the booking where it was', async () => {
    const [ann, bob] = await patients(2);
    const x = treatment('Pediatric Dental');
    const day = unusedDay();
    const mine = await createBooking(t, ann!, { treatmentId: x._id, date: day, slot: NINE });
    await createBooking(t, bob!, { treatmentId: x._id, date: day, slot: ELEVEN });
    const res = await api().reschedule(ann!, mine._id, { date: day, slot: ELEVEN });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, booking: { date: day, slot: ELEVEN, treatment: x.name } });
    expect(JSON.stringify(res.json())).not.toContain(bob!.email);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, mine._id));
    expect(row).toMatchObject({ slot: NINE, version: 1, status: 'confirmed' });
  });

  it('allows 10 moves in 10 minutes per account, on any instance: 40 at once move it 10 times at most and mail as often; then 429, not for anyone else nor the front desk', async () => {
    const [ann, bob] = await patients(2);
    const x = treatment('Teeth Cleaning');
    const day = unusedDay();
    const mine = await createBooking(t, ann!, { treatmentId: x._id, date: day, slot: NINE });
    const slots = x.slots;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api().reschedule(ann!, mine._id, { date: day, slot: slots[i % slots.length]! }, {}, i % 2 === 0 ? t.app : other)),
    );
    const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
    expect(count(429)).toBe(30);
    expect(responses.filter((r) => r.statusCode >= 500)).toEqual([]);
    const limited = responses.find((r) => r.statusCode === 429)!;
    expect(limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, mine._id));
    expect(row!.version).toBe(1 + count(200));
    expect(await mailsTo(t, ann!.email, 'booking-rescheduled')).toHaveLength(count(200));

    const eleventh = await api().reschedule(ann!, mine._id, { date: day, slot: ELEVEN });
    expect(eleventh.statusCode).toBe(429);
    const bobs = await createBooking(t, bob!, { treatmentId: x._id, date: addDays(day, 1), slot: NINE });
    expect((await api().reschedule(bob!, bobs._id, { date: addDays(day, 1), slot: ELEVEN })).statusCode).toBe(200);
    const admin = await adminOf(t);
    expect((await admin.reschedule(mine._id, { date: day, slot: '02.00 PM - 02.30 PM' })).statusCode).toBe(200);
  });

  it('refuses inside RESCHEDULE_NOTICE_HOURS (409 reschedule_window_closed), while the admin may move it', async () => {
    const admin = await adminOf(t);
    const [ann] = await patients(1);
    const x = treatment('Oral Surgery');
    const day = unusedDay();
    const booked = await createBooking(t, ann!, { treatmentId: x._id, date: day, slot: '02.00 PM - 02.30 PM' });
    now = new Date(at(day, 840).getTime() - 23 * HOUR);
    const res = await api().reschedule(ann!, booked._id, { date: addDays(day, 1), slot: NINE });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'reschedule_window_closed', deadline: new Date(at(day, 840).getTime() - 24 * HOUR).toISOString(), clinicPhone: CLINIC.CLINIC_PHONE });
    const moved = await admin.reschedule(booked._id, { date: addDays(day, 1), slot: NINE }, { 'if-match': '"v1"' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().booking).toMatchObject({ _id: booked._id, date: addDays(day, 1), slot: NINE, version: 2 });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booked._id));
    expect(events.find((e) => e.type === 'rescheduled')).toMatchObject({ actorKind: 'admin', actorId: admin.id });
    expect(await t.db.$count(auditLog, and(eq(auditLog.action, 'booking.reschedule'), eq(auditLog.target, booked._id)))).toBe(1);
  });

  it('refuses to move a cancelled booking (409 booking_not_modifiable) and someone else’s (404)', async () => {
    const [ann, bob] = await patients(2);
    const x = treatment('Teeth Orthodontics');
    const day = unusedDay();
    const booked = await createBooking(t, ann!, { treatmentId: x._id, date: day, slot: NINE });
    const theirs = await api().reschedule(bob!, booked._id, { date: day, slot: ELEVEN });
    expect(theirs.statusCode).toBe(404);
    expect((await api().cancel(ann!, booked._id)).statusCode).toBe(200);
    const res = await api().reschedule(ann!, booked._id, { date: day, slot: ELEVEN });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'booking_not_modifiable' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked._id));
    expect(row).toMatchObject({ status: 'cancelled', slot: NINE, version: 1 });
    expect(await freeSlots(t, day, x._id)).toContain(ELEVEN);
  });

  it("offers the patient's own time as free with excludeBookingId, and a 404 for someone else's booking", async () => {
    const [ann, bob] = await patients(2);
    const x = treatment('Cosmetic Dentistry');
    const day = unusedDay();
    const booked = await createBooking(t, ann!, { treatmentId: x._id, date: day, slot: NINE });
    const labels = async (user: Patient, exclude?: string) => {
      const res = await t.app.inject({ url: `/api/availability?date=${day}&treatmentId=${x._id}${exclude ? `&excludeBookingId=${exclude}` : ''}`, headers: bearer(user) });
      return { status: res.statusCode, labels: res.statusCode === 200 ? res.json<Availability>().lanes.flatMap((l) => l.slots.map((s) => s.label)) : [] };
    };
    expect((await labels(ann!)).labels).not.toContain(NINE);
    expect((await labels(ann!, booked._id)).labels).toContain(NINE);
    expect((await labels(bob!, booked._id)).status).toBe(404);
    // Moving onto its own time (or overlapping it) is no conflict with itself.
    expect((await api().reschedule(ann!, booked._id, { date: day, slot: NINE })).statusCode).toBe(200);
  });

  it('gives one free time to exactly one of 50 bookings moving into it at once; every booking still holds exactly one time', async () => {
    const x = treatment('Teeth Cleaning');
    const racers = await patients(50);
    const days = [unusedDay(), unusedDay(), unusedDay(), unusedDay()];
    const target = { date: unusedDay(), slot: '10.00 AM - 10.30 AM' };
    const slots = treatments[0]!.slots; // the sixteen labels of a 30-minute treatment
    const held = await Promise.all(
      racers.map((p, i) => createBooking(t, p, { treatmentId: x._id, date: days[Math.floor(i / 16)]!, slot: slots[i % 16]! })),
    );
    expect(await freeSlots(t, target.date, x._id)).toContain(target.slot);

    const started = performance.now();
    const responses = await Promise.all(
      held.map((b, i) => api().reschedule(racers[i]!, b._id, target, { 'if-match': '"v1"' }, i % 2 === 0 ? t.app : other)),
    );
    const wallMs = Math.round(performance.now() - started);
    const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
    const figures = { moved: count(200), conflicts: count(409), serverErrors: responses.filter((r) => r.statusCode >= 500).length, wallMs };
    console.info(`[reschedule race ${testDb}] 50 bookings, one free time:`, JSON.stringify(figures));
    expect(figures).toMatchObject({ moved: 1, conflicts: 49, serverErrors: 0 });
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ success: false, booking: { date: target.date, slot: target.slot, treatment: x.name } });
    }

    const ids = held.map((b) => b._id);
    const after = await t.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(after).toHaveLength(50);
    expect(after.every((r) => r.status === 'confirmed')).toBe(true);
    const winner = held[responses.findIndex((r) => r.statusCode === 200)]!;
    for (const [i, b] of held.entries()) {
      const row = after.find((r) => r.id === b._id)!;
      if (b._id === winner._id) expect([row.date, row.slot, row.version], `booking ${i}`).toEqual([target.date, target.slot, 2]);
      else expect([row.date, row.slot, row.version], `booking ${i}`).toEqual([b.date, b.slot, 1]);
    }
    // By SQL: one confirmed booking per patient, none sharing a time, the target taken once.
    const perPatient = await rows<{ n: number }>(t, sql`
      SELECT count(*)::int AS n FROM bookings WHERE id IN ${ids} AND status = 'confirmed' GROUP BY patient_id`);
    expect(perPatient.map((r) => r.n)).toEqual(Array(50).fill(1));
    const overlaps = await rows(t, sql`
      SELECT a.id FROM bookings a JOIN bookings b
        ON a.lane_id = b.lane_id AND a.date = b.date AND a.id < b.id
       AND a.start_min < b.end_min AND b.start_min < a.end_min
     WHERE a.status = 'confirmed' AND b.status = 'confirmed' AND a.treatment_id = ${x._id}`);
    expect(overlaps).toEqual([]);
    const onTarget = await rows<{ id: string }>(t, sql`
      SELECT id FROM bookings WHERE lane_id = ${x._id} AND date = ${target.date} AND status = 'confirmed'`);
    expect(onTarget.map((r) => r.id)).toEqual([winner._id]);
    expect(await freeSlots(t, winner.date, x._id)).toContain(winner.slot);
  });
});

describe('statuses and their history', () => {
  let t: TestApp;
  let treatments: Treatment[];
  let now = NOW;
  beforeAll(async () => {
    t = await buildTestApp(ADMIN, options(() => now));
    treatments = await treatmentsOn(t, '2030-06-10');
  });
  beforeEach(() => {
    now = NOW;
  });
  afterAll(() => t.close());

  it('follows section 5.2: nothing before the start, completed after it, no_show 15 minutes after, no cancel after an outcome; every change in the history with its actor', async () => {
    const admin = await adminOf(t);
    const [ann] = (await createSignedInPatients(t, 1, 'status')) as Patient[];
    const day = unusedDay();
    const [first, second] = await Promise.all(
      [treatments[0]!, treatments[1]!].map((x) => createBooking(t, ann!, { treatmentId: x._id, date: day, slot: NINE })),
    );
    const start = at(day, 540);

    now = new Date(start.getTime() - 60_000);
    for (const status of ['no_show', 'completed']) {
      const early = await admin.status(first!._id, status);
      expect(early.statusCode, status).toBe(409);
      expect(early.json()).toMatchObject({ code: 'booking_not_modifiable' });
    }

    now = new Date(start.getTime() + 60_000);
    const done = await admin.status(first!._id, 'completed', 'All went well');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ _id: first!._id, status: 'completed', canCancel: false, canReschedule: false });
    const notYet = await admin.status(second!._id, 'no_show');
    expect(notYet.statusCode).toBe(409); // 1 minute after the start
    now = new Date(start.getTime() + 15 * 60_000);
    expect((await admin.status(second!._id, 'no_show')).statusCode).toBe(200);

    // completed -> cancelled: neither the clinic nor the patient.
    const adminCancel = await admin.cancel(first!._id, { reason: 'Oops', refund: 'none', notify: false });
    expect(adminCancel.statusCode).toBe(409);
    expect(adminCancel.json()).toMatchObject({ code: 'booking_not_modifiable' });
    const own = await patientApi(t).cancel(ann!, first!._id);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'booking_not_modifiable' });

    // A correction within 14 days; none after.
    now = new Date(start.getTime() + 13 * 24 * HOUR);
    expect((await admin.status(second!._id, 'completed')).json()).toMatchObject({ status: 'completed' });
    now = new Date(start.getTime() + 15 * 24 * HOUR);
    const tooLate = await admin.status(second!._id, 'no_show');
    expect(tooLate.statusCode).toBe(409);

    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, second!._id)).orderBy(bookingEvents.at, bookingEvents.id);
    expect(events.map((e) => [e.type, e.actorKind, e.data.from ?? null, e.data.to ?? null])).toEqual([
      ['created', 'patient', null, null],
      ['status', 'admin', 'confirmed', 'no_show'],
      ['status', 'admin', 'no_show', 'completed'],
    ]);
    const [patientRow] = await t.db.select().from(bookings).where(eq(bookings.id, second!._id));
    expect(events[0]!.actorId).toBe(patientRow!.patientId);
    expect(events.slice(1).every((e) => e.actorId === admin.id)).toBe(true);
    expect(patientRow).toMatchObject({ status: 'completed', statusChangedBy: admin.id });
    const firstEvents = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, first!._id));
    expect(firstEvents.find((e) => e.type === 'status')!.data).toMatchObject({ from: 'confirmed', to: 'completed', note: 'All went well' });
    // The patient sees the history on the detail page.
    const detail = (await patientApi(t).detail(ann!, second!._id)).json<{ status: string; events: { type: string; actor: string }[] }>();
    expect(detail.status).toBe('completed');
    expect(detail.events.map((e) => `${e.type}:${e.actor}`)).toEqual(['created:patient', 'status:admin', 'status:admin']);
  });

  it('refuses any status for a cancelled booking (409)', async () => {
    const admin = await adminOf(t);
    const [ann] = (await createSignedInPatients(t, 1, 'status')) as Patient[];
    const day = unusedDay();
    const booked = await createBooking(t, ann!, { treatmentId: treatments[2]!._id, date: day, slot: NINE });
    expect((await patientApi(t).cancel(ann!, booked._id)).statusCode).toBe(200);
    now = at(day, 600);
    for (const status of ['completed', 'no_show', 'confirmed']) {
      expect((await admin.status(booked._id, status)).statusCode, status).toBe(409);
    }
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booked._id));
    expect(events.map((e) => [e.type, e.actorKind]).sort()).toEqual([['cancelled', 'patient'], ['created', 'patient']]);
  });
});
