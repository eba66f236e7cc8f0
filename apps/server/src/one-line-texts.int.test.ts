/**
 * Texts that reach a mail's headers, a calendar file or the front desk's CSV stay on one line:
 * every route that takes a treatment's or doctor's name, a phone or a reason refuses a control
 * character with a 400 naming the field, and stores nothing.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, doctors, treatments as treatmentRows, users } from './db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, unusedDay, type TestApp, type TestUser } from './test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const NINE = '09.00 AM - 09.30 AM';
/** A header injection: what a mail's Subject or an `.ics` property line would split on. */
const INJECTED = 'a\r\nBcc: x@evil.com';
const CONTROL = 'Must not contain control characters';
const REASON = 'A reason must not contain control characters';
/** A terminal escape: a reason may break lines (it is written in a text area), but holds no other control character. */
const ESCAPED = 'Sorry\u001b[2J\u0007';

describe('one-line texts over the API', () => {
  let t: TestApp;
  let boss: { token: string };
  let ann: TestUser;
  const as = (user: { token: string }, options: InjectOptions) => t.app.inject({ ...options, headers: { ...bearer(user), ...options.headers } });
  const refusal = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
    boss = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    ann = await signUp(t, { name: 'Ann Lee' });
  });
  afterAll(() => t.close());

  it('refuses a treatment name with a carriage return, on create and on rename (400, errors.name)', async () => {
    const created = await as(boss, { method: 'POST', url: '/api/admin/treatments', payload: { name: 'Clean\ring', price: 40 } });
    expect(refusal(created)).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'validation_failed', errors: { name: [CONTROL] } }),
    });
    expect(await t.db.$count(treatmentRows, eq(treatmentRows.name, 'Clean\ring'))).toBe(0);

    const [existing] = await treatmentsOn(t, unusedDay());
    const renamed = await as(boss, { method: 'PATCH', url: `/api/admin/treatments/${existing!._id}`, payload: { name: `Evil\rSUMMARY:x` } });
    expect(refusal(renamed)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { name: [CONTROL] } }) });
    const [row] = await t.db.select({ name: treatmentRows.name }).from(treatmentRows).where(eq(treatmentRows.id, existing!._id));
    expect(row!.name).toBe(existing!.name);
  });

  it('refuses a doctor name with a carriage return (400, errors.name)', async () => {
    const res = await as(boss, {
      method: 'POST', url: '/api/doctor', payload: { name: 'Jane\rRoot', email: 'jane.root@clinic.test', img: '/api/image/00000000-0000-4000-8000-000000000000' },
    });
    expect(refusal(res)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { name: [CONTROL] } }) });
    expect(await t.db.$count(doctors, eq(doctors.email, 'jane.root@clinic.test'))).toBe(0);
  });

  it('refuses a phone with a line break on the profile, a booking and the front desk, and keeps the stored one', async () => {
    expect((await as(ann, { method: 'PATCH', url: '/api/me', payload: { phone: '+1 555 0101' } })).statusCode).toBe(200);
    const profile = await as(ann, { method: 'PATCH', url: '/api/me', payload: { phone: INJECTED } });
    expect(refusal(profile)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { phone: [CONTROL] } }) });
    const [account] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.email, ann.email));
    expect(account!.phone).toBe('+1 555 0101');

    const day = unusedDay();
    const [treatment] = await treatmentsOn(t, day);
    const booked = await as(ann, { method: 'POST', url: '/api/booking', payload: { treatmentId: treatment!._id, date: day, slot: NINE, phone: INJECTED } });
    expect(refusal(booked)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { phone: [CONTROL] } }) });

    const frontDesk = await as(boss, {
      method: 'POST', url: '/api/admin/bookings',
      payload: { treatmentId: treatment!._id, date: day, slot: NINE, patient: { email: 'walk.in@example.com', name: 'Walk In', phone: INJECTED } },
    });
    expect(refusal(frontDesk)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { 'patient.phone': [CONTROL] } }) });
    expect(await t.db.$count(bookings, eq(bookings.date, day))).toBe(0);
  });

  it("refuses a reason with a control character (a line break is the writer's): the patient's cancel, the clinic's cancel, a closure", async () => {
    const day = unusedDay();
    const [treatment] = await treatmentsOn(t, day);
    const booked = await createBooking(t, ann, { treatmentId: treatment!._id, date: day, slot: NINE });

    const own = await as(ann, { method: 'POST', url: `/api/booking/${booked._id}/cancel`, payload: { reason: ESCAPED } });
    expect(refusal(own)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { reason: [REASON] } }) });
    const clinic = await as(boss, { method: 'POST', url: `/api/admin/bookings/${booked._id}/cancel`, payload: { reason: ESCAPED, refund: 'none' } });
    expect(refusal(clinic)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { reason: [REASON] } }) });
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booked._id));
    expect(row!.status).toBe('confirmed');

    const closure = await as(boss, { method: 'POST', url: '/api/admin/schedule-exceptions', payload: { dateFrom: day, dateTo: day, kind: 'closed', reason: ESCAPED } });
    expect(refusal(closure)).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', errors: { reason: [REASON] } }) });

    const twoLines = await as(ann, { method: 'POST', url: `/api/booking/${booked._id}/cancel`, payload: { reason: 'Moving away.\r\nThank you' } });
    expect(twoLines.statusCode).toBe(200);
  });
});
