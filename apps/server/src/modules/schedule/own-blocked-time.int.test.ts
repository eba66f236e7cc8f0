/**
 * A doctor's own blocked time (`POST /api/staff/blocked-time`, practice-loop.md section 2): a
 * `blocked` exception on the doctor's own lane only, refused (409, nothing written) when it would
 * strand a confirmed booking; the owner names the doctor.
 */
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, ScheduleException } from '@clinic/shared';
import { auditLog, scheduleExceptions, users } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { addDoctorsWithTreatment } from '../../test/doctors.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-12';
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

describe("a doctor's own blocked time", () => {
  let t: TestApp;
  let admin: { token: string };
  let ada: string;
  let bo: string;
  let doctor: TestUser;
  let unlinkedDoctor: TestUser;
  let receptionist: TestUser;
  let patient: TestUser;
  let booked: Booking;

  const as = (who: { token: string }, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...bearer(who), origin: t.origin, ...(options.headers ?? {}) } });
  const block = (who: { token: string }, payload: unknown) => as(who, { method: 'POST', url: '/api/staff/blocked-time', payload: payload as InjectOptions['payload'] });
  const exceptionsOf = (doctorId: string) => t.db.select().from(scheduleExceptions).where(eq(scheduleExceptions.doctorId, doctorId));

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const { doctorIds: ids, treatmentId } = await addDoctorsWithTreatment(t, admin, { doctors: ['Dr Ada Block', 'Dr Bo Block'], treatment: 'Check-up For Blocks' });
    [ada, bo] = ids as [string, string];
    const slots = (await treatmentsOn(t, DAY)).find((x) => x._id === treatmentId)!.slots;
    patient = await signUp(t, { name: 'Pia Patient' });
    booked = await createBooking(t, patient, { treatmentId, date: DAY, slot: slots[2]!, doctorId: ada, phone: '555 0102' });

    doctor = await signUp(t);
    await t.db.update(users).set({ role: 'doctor', doctorId: ada }).where(eq(users.email, doctor.email));
    unlinkedDoctor = await signUp(t);
    await t.db.update(users).set({ role: 'doctor' }).where(eq(users.email, unlinkedDoctor.email));
    receptionist = await signUp(t);
    await t.db.update(users).set({ role: 'receptionist' }).where(eq(users.email, receptionist.email));
  });
  afterAll(() => t.close());

  it('blocks free time on the doctor’s own lane, audited, and the owner sees it among the exceptions', async () => {
    const res = await block(doctor, { date: DAY, startMin: 0, endMin: 30, reason: 'Lab visit' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ScheduleException>()).toMatchObject({ doctorId: ada, dateFrom: DAY, dateTo: DAY, kind: 'blocked', startMin: 0, endMin: 30, reason: 'Lab visit' });
    const listed = await as(admin, { url: `/api/admin/schedule-exceptions?doctorId=${ada}` });
    expect(listed.json<ScheduleException[]>().map((e) => e._id)).toContain(res.json<ScheduleException>()._id);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'schedule.exception'), eq(auditLog.actorEmail, doctor.email)));
    expect(entry?.target).toBe(ada);
    expect(entry?.detail).toMatchObject({ kind: 'blocked', role: 'doctor' });
  });

  it('refuses (409, nothing written) a blocked time that would strand a confirmed booking, naming it', async () => {
    const before = (await exceptionsOf(ada)).length;
    const res = await block(doctor, { date: DAY, startMin: 0, endMin: 24 * 60 });
    expect(res.statusCode).toBe(409);
    const body = res.json<{ code: string; detail: string; bookings: { _id: string }[] }>();
    expect(body.code).toBe('has_future_bookings');
    expect(body.detail).toMatch(/^This blocked time would cancel 1 confirmed booking; ask the front desk/);
    expect(body.bookings.map((b) => b._id)).toEqual([booked._id]);
    expect(await exceptionsOf(ada)).toHaveLength(before);
    // The booking stands.
    const mine = await as(patient, { url: `/api/booking/${booked._id}` });
    expect(mine.json<{ status: string }>().status).toBe('confirmed');
  });

  it('lets a doctor block only their own lane', async () => {
    const res = await block(doctor, { date: DAY, startMin: 0, endMin: 30, doctorId: bo });
    expect(res.statusCode).toBe(403);
    expect(await exceptionsOf(bo)).toHaveLength(0);
    expect((await block(doctor, { date: DAY, startMin: 30, endMin: 60, doctorId: ada })).statusCode).toBe(201);
    expect((await block(unlinkedDoctor, { date: DAY, startMin: 0, endMin: 30 })).statusCode).toBe(403);
  });

  it('is not the front desk’s or a patient’s to do', async () => {
    for (const who of [receptionist, patient]) {
      const res = await block(who, { date: DAY, startMin: 0, endMin: 30, doctorId: ada });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('lets the owner block a named doctor’s time, and asks which doctor without one', async () => {
    expect((await block(admin, { date: DAY, startMin: 60, endMin: 90, doctorId: bo })).statusCode).toBe(201);
    const res = await block(admin, { date: DAY, startMin: 60, endMin: 90 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { doctorId: ['Choose the doctor'] } });
  });

  it.each([
    ['an end before the start', { date: DAY, startMin: 90, endMin: 60 }],
    ['a day gone by', { date: '2030-06-04', startMin: 0, endMin: 30 }],
    ['no date', { startMin: 0, endMin: 30 }],
    ['a time past midnight', { date: DAY, startMin: 0, endMin: 24 * 60 + 1 }],
    ['text for a time', { date: DAY, startMin: 'nine', endMin: 30 }],
    ['a date that does not exist', { date: '2030-02-30', startMin: 0, endMin: 30 }],
  ])('refuses %s with a 400', async (_, payload) => {
    const res = await block(doctor, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
