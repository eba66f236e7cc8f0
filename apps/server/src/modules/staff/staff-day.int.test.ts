/**
 * A doctor's day (`GET /api/staff/day`, practice-loop.md section 2): a doctor's own lane, any
 * doctor's for the front desk and the owner, by start time, cancelled bookings left out; one
 * audit entry per read.
 */
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, StaffDay } from '@clinic/shared';
import { auditLog, users } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { addDoctorsWithTreatment } from '../../test/doctors.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-12';
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

describe("a doctor's day", () => {
  let t: TestApp;
  let admin: { token: string };
  let ada: string;
  let bo: string;
  let receptionist: TestUser;
  let doctor: TestUser;
  let patient: TestUser;
  let other: TestUser;
  let early: Booking;
  let late: Booking;
  let cancelled: Booking;
  let onBo: Booking;

  const as = (who: { token: string }, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...bearer(who), origin: t.origin, ...(options.headers ?? {}) } });
  const dayOf = (who: { token: string }, query: string) => as(who, { url: `/api/staff/day?${query}` });

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const { doctorIds: ids, treatmentId } = await addDoctorsWithTreatment(t, admin, { doctors: ['Dr Ada Day', 'Dr Bo Day'], treatment: 'Check-up With Doctor' });
    [ada, bo] = ids as [string, string];
    const slots = (await treatmentsOn(t, DAY)).find((x) => x._id === treatmentId)!.slots;

    patient = await signUp(t, { name: 'Pia Patient' });
    other = await signUp(t, { name: 'Otto Other' });
    const third = await signUp(t, { name: 'Tess Third' });
    // Booked out of order: the day lists them by start.
    late = await createBooking(t, patient, { treatmentId, date: DAY, slot: slots[6]!, doctorId: ada, phone: '555 0106' });
    early = await createBooking(t, other, { treatmentId, date: DAY, slot: slots[1]!, doctorId: ada, phone: '555 0101' });
    cancelled = await createBooking(t, third, { treatmentId, date: DAY, slot: slots[3]!, doctorId: ada, phone: '555 0103' });
    expect((await as(third, { method: 'POST', url: `/api/booking/${cancelled._id}/cancel`, payload: {} })).statusCode).toBe(200);
    onBo = await createBooking(t, third, { treatmentId, date: DAY, slot: slots[2]!, doctorId: bo, phone: '555 0202' });

    receptionist = await signUp(t);
    await t.db.update(users).set({ role: 'receptionist' }).where(eq(users.email, receptionist.email));
    doctor = await signUp(t);
    await t.db.update(users).set({ role: 'doctor', doctorId: ada }).where(eq(users.email, doctor.email));
  });
  afterAll(() => t.close());

  it("shows a doctor their own day: their patients by start time, name and phone, cancelled ones left out", async () => {
    const res = await dayOf(doctor, `date=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const day = res.json<StaffDay>();
    expect(day.date).toBe(DAY);
    expect(day.doctor).toEqual({ _id: ada, name: 'Dr Ada Day' });
    expect(day.items.map((i) => i.booking._id)).toEqual([early._id, late._id]);
    expect(day.items[0]).toEqual({
      booking: { _id: early._id, start: expect.any(String), end: expect.any(String), slot: early.slot, treatment: 'Check-up With Doctor', status: 'confirmed', arrivedAt: null },
      patient: { _id: expect.any(String), name: 'Otto Other', phone: '555 0101' },
      // Intake (practice-loop.md section 6.3): what the doctor should know before the patient sits down.
      forms: { medicalHistory: 'missing', historyRequired: false, consent: 'none' },
      alerts: [],
      // Not a dependent's booking: nobody else to call (practice-loop.md section 7).
      guardian: null,
    });
    expect(new Date(day.items[0]!.booking.start) < new Date(day.items[0]!.booking.end)).toBe(true);
    // Naming their own doctor is the same.
    expect((await dayOf(doctor, `doctorId=${ada}&date=${DAY}`)).json<StaffDay>().items).toHaveLength(2);
  });

  it("refuses a doctor another doctor's day", async () => {
    const res = await dayOf(doctor, `date=${DAY}&doctorId=${bo}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
  });

  it('shows the front desk and the owner any doctor’s day, which they name', async () => {
    const bos = await dayOf(receptionist, `date=${DAY}&doctorId=${bo}`);
    expect(bos.statusCode, bos.body).toBe(200);
    expect(bos.json<StaffDay>().items.map((i) => i.booking._id)).toEqual([onBo._id]);
    expect((await dayOf(admin, `date=${DAY}&doctorId=${ada}`)).json<StaffDay>().items).toHaveLength(2);
    const unnamed = await dayOf(receptionist, `date=${DAY}`);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'validation_failed', errors: { doctorId: [expect.any(String)] } });
    expect((await dayOf(admin, `date=${DAY}&doctorId=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await dayOf(admin, 'date=someday&doctorId=' + ada)).statusCode).toBe(400);
  });

  it('is no patient’s, and no unlinked doctor account’s', async () => {
    expect((await dayOf(patient, `date=${DAY}&doctorId=${ada}`)).statusCode).toBe(403);
    const unlinked = await signUp(t);
    await t.db.update(users).set({ role: 'doctor' }).where(eq(users.email, unlinked.email));
    const res = await dayOf(unlinked, `date=${DAY}`);
    expect(res.statusCode).toBe(403);
  });

  it('writes one audit entry per read, with the reader’s role, the doctor and the date', async () => {
    const [account] = await t.db.select().from(users).where(eq(users.email, receptionist.email));
    const before = await t.db.select().from(auditLog).where(and(eq(auditLog.actorId, account!.id), eq(auditLog.action, 'staff.read-day')));
    await dayOf(receptionist, `date=${DAY}&doctorId=${ada}`);
    const after = await t.db.select().from(auditLog).where(and(eq(auditLog.actorId, account!.id), eq(auditLog.action, 'staff.read-day')));
    expect(after.length).toBe(before.length + 1);
    const entry = after.find((e) => !before.some((b) => b.id === e.id))!;
    expect(entry.target).toBe(ada);
    expect(entry.detail).toEqual({ role: 'receptionist', date: DAY, count: 2 });
  });
});
