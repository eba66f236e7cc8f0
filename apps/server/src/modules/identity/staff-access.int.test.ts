/**
 * The staff roles' reach (practice-loop.md section 2, permissions.ts): a receptionist runs the
 * front desk and reads any patient's bookings but holds none of the owner's keys; a doctor reads
 * the bookings of their own lane only; REQUIRE_STAFF_2FA holds every staff role to a patient's
 * access until its session passed a second factor. The access matrix proves the routes' doors;
 * this proves how far each role reaches through them.
 */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@clinic/shared';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signIn, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';
import { makeImage, multipartBody } from '../../test/images.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-12';
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

interface Clinic {
  t: TestApp;
  admin: { token: string };
  patient: TestUser;
  receptionist: TestUser;
  /** Dr Ada's account. */
  doctor: TestUser;
  ada: string;
  bo: string;
  /** The patient's bookings: one on Dr Ada's lane, one on Dr Bo's, one on a treatment's own queue. */
  onAda: Booking;
  onBo: Booking;
  onQueue: Booking;
  setClock(at: Date): void;
}

async function setRole(t: TestApp, email: string, role: 'receptionist' | 'doctor', doctorId: string | null = null) {
  await t.db.update(users).set({ role, doctorId }).where(eq(users.email, email));
}

/** A clinic with two doctors sharing a treatment, a patient booked with each and on a queue, and staff accounts. */
async function openClinic(env: Record<string, string> = {}): Promise<Clinic> {
  let clock = NOW;
  const t = await buildTestApp({ ...ADMIN, ...env }, { now: () => clock });
  const admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  // The owner sets the clinic up with a second factor passed, whatever REQUIRE_STAFF_2FA says.
  const [owner] = await t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, ADMIN.ADMIN_EMAIL)).returning();
  await t.db.update(sessions).set({ secondFactorVerified: true }).where(eq(sessions.userId, owner!.id));
  const asAdmin = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...bearer(admin), origin: t.origin, ...(options.headers ?? {}) } });

  const { payload, headers } = multipartBody('image', 'photo.png', 'image/png', await makeImage('png', 64, 64));
  const img = (await asAdmin({ method: 'POST', url: '/api/image', payload, headers })).json<{ data: { url: string } }>().data.url;
  const doctorIds: string[] = [];
  for (const name of ['Dr Ada Lane', 'Dr Bo Lane']) {
    const res = await asAdmin({ method: 'POST', url: '/api/doctor', payload: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@clinic.test`, specialty: '', img } });
    expect(res.statusCode, res.body).toBe(201);
    doctorIds.push(res.json<{ insertedId: string }>().insertedId);
  }
  const [ada, bo] = doctorIds as [string, string];
  const created = await asAdmin({ method: 'POST', url: '/api/admin/treatments', payload: { name: 'Implant Review', price: 50, requiresDoctor: true, doctorIds } });
  expect(created.statusCode, created.body).toBe(201);
  const withDoctors = created.json<{ insertedId: string }>().insertedId;

  const patient = await signUp(t);
  const treatments = await treatmentsOn(t, DAY);
  const review = treatments.find((x) => x._id === withDoctors)!;
  const queue = treatments.find((x) => x._id !== withDoctors)!;
  const onAda = await createBooking(t, patient, { treatmentId: withDoctors, date: DAY, slot: review.slots[0]!, doctorId: ada });
  const onBo = await createBooking(t, patient, { treatmentId: withDoctors, date: '2030-06-13', slot: review.slots[0]!, doctorId: bo });
  const onQueue = await createBooking(t, patient, { treatmentId: queue._id, date: DAY, slot: queue.slots[4]! });

  const receptionist = await signUp(t);
  await setRole(t, receptionist.email, 'receptionist');
  const doctor = await signUp(t);
  await setRole(t, doctor.email, 'doctor', ada);
  return { t, admin, patient, receptionist, doctor, ada, bo, onAda, onBo, onQueue, setClock: (at: Date) => (clock = at) };
}

const read = (c: Clinic, url: string, who: { token: string }) => c.t.app.inject({ url, headers: bearer(who) });
const listOf = (c: Clinic, who: { token: string }) => read(c, `/api/booking?patient=${encodeURIComponent(c.patient.email)}`, who);

describe('staff roles', () => {
  let c: Clinic;
  beforeAll(async () => {
    c = await openClinic();
  });
  afterAll(() => c.t.close());

  it("gives a receptionist any patient's bookings and the front desk, each read audited with the role", async () => {
    const list = await listOf(c, c.receptionist);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Booking[]>().map((b) => b._id).sort()).toEqual([c.onAda._id, c.onBo._id, c.onQueue._id].sort());
    for (const b of [c.onAda, c.onBo, c.onQueue]) expect((await read(c, `/api/booking/${b._id}`, c.receptionist)).statusCode).toBe(200);
    expect((await read(c, `/api/admin/bookings?from=${DAY}&to=${DAY}`, c.receptionist)).statusCode).toBe(200);

    const [account] = await c.t.db.select().from(users).where(eq(users.email, c.receptionist.email));
    const entries = await c.t.db.select().from(auditLog).where(eq(auditLog.actorId, account!.id));
    expect(entries.filter((e) => e.action === 'booking.read-list').map((e) => e.detail)).toEqual([{ count: 3, role: 'receptionist' }]);
    expect(entries.filter((e) => e.action === 'booking.read')).toHaveLength(3);
    // The front desk's list too: every read of patient data names the reader's role.
    expect(entries.map((e) => [e.action, e.detail.role])).toEqual(expect.arrayContaining([['booking.read-admin-list', 'receptionist']]));
    expect(entries.every((e) => e.detail.role === 'receptionist')).toBe(true);
  });

  it("holds none of the owner's keys for a receptionist", async () => {
    for (const url of ['/api/user', '/api/admin/working-hours', '/api/audit', '/api/outbox', '/api/doctor', '/api/admin/background']) {
      const res = await read(c, url, c.receptionist);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'forbidden' });
    }
  });

  it("gives a doctor the bookings of their own lane only, and of the front desk only its list and statuses for that lane", async () => {
    const list = await listOf(c, c.doctor);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Booking[]>().map((b) => b._id)).toEqual([c.onAda._id]);
    expect((await read(c, `/api/booking/${c.onAda._id}`, c.doctor)).statusCode).toBe(200);
    // Another doctor's, or a treatment queue's, does not exist for them.
    expect((await read(c, `/api/booking/${c.onBo._id}`, c.doctor)).statusCode).toBe(404);
    expect((await read(c, `/api/booking/${c.onQueue._id}`, c.doctor)).statusCode).toBe(404);
    const desk = await read(c, `/api/admin/bookings?from=${DAY}&to=2030-06-13`, c.doctor);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json<{ items: { _id: string }[] }>().items.map((b) => b._id)).toEqual([c.onAda._id]);
    expect((await read(c, `/api/admin/bookings?from=${DAY}&to=${DAY}&doctorId=${c.bo}`, c.doctor)).statusCode).toBe(403);
    // Booking for a patient, cancelling, moving and the CSV stay the front desk's.
    expect((await read(c, `/api/admin/bookings.csv?from=${DAY}&to=${DAY}`, c.doctor)).statusCode).toBe(403);
    const cancel = await c.t.app.inject({ method: 'POST', url: `/api/admin/bookings/${c.onAda._id}/cancel`, headers: { ...bearer(c.doctor), origin: c.t.origin }, payload: {} });
    expect(cancel.statusCode).toBe(403);
    expect((await read(c, '/api/user', c.doctor)).statusCode).toBe(403);
  });

  it("lets a doctor mark their own lane's patients after the start, and no one else's", async () => {
    const mark = (id: string, who: { token: string }) =>
      c.t.app.inject({ method: 'PATCH', url: `/api/admin/bookings/${id}/status`, headers: { ...bearer(who), origin: c.t.origin }, payload: { status: 'completed' } });
    c.setClock(new Date('2030-06-14T12:00:00Z'));
    try {
      expect((await mark(c.onBo._id, c.doctor)).statusCode).toBe(404);
      expect((await mark(c.onQueue._id, c.doctor)).statusCode).toBe(404);
      const own = await mark(c.onAda._id, c.doctor);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({ _id: c.onAda._id, status: 'completed' });
      // The front desk marks any lane.
      expect((await mark(c.onBo._id, c.receptionist)).statusCode).toBe(200);
    } finally {
      c.setClock(NOW);
    }
  });

  it('gives a doctor account linked to no doctor no lane', async () => {
    const unlinked = await signUp(c.t);
    await setRole(c.t, unlinked.email, 'doctor', null);
    expect((await listOf(c, unlinked)).json()).toEqual([]);
    expect((await read(c, `/api/booking/${c.onAda._id}`, unlinked)).statusCode).toBe(404);
  });

  it('leaves a patient to their own bookings', async () => {
    const other = await signUp(c.t);
    expect((await listOf(c, other)).statusCode).toBe(403);
    expect((await read(c, `/api/booking/${c.onAda._id}`, other)).statusCode).toBe(404);
  });
});

describe('REQUIRE_STAFF_2FA', () => {
  let c: Clinic;
  beforeAll(async () => {
    c = await openClinic({ REQUIRE_STAFF_2FA: 'true' });
  });
  afterAll(() => c.t.close());

  /** Two-step sign-in on for the account, and its sessions marked as having passed it (as verify-totp marks them). */
  async function passSecondFactor(who: TestUser) {
    const [account] = await c.t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, who.email)).returning();
    await c.t.db.update(sessions).set({ secondFactorVerified: true }).where(eq(sessions.userId, account!.id));
  }

  it("holds a receptionist without it to a patient's access, and its front desk answers two_factor_required", async () => {
    const desk = await read(c, `/api/admin/bookings?from=${DAY}&to=${DAY}`, c.receptionist);
    expect(desk.statusCode).toBe(403);
    expect(desk.json()).toMatchObject({ code: 'two_factor_required', twoFactorEnabled: false });
    expect((await listOf(c, c.receptionist)).statusCode).toBe(403);
    expect((await read(c, `/api/booking/${c.onAda._id}`, c.receptionist)).statusCode).toBe(404);
    // Routes the role never had stay plainly forbidden.
    expect((await read(c, '/api/user', c.receptionist)).json()).toMatchObject({ code: 'forbidden' });
    // Its own account is its own, as a patient's is.
    expect((await read(c, '/api/me', c.receptionist)).json()).toMatchObject({ user: { role: 'receptionist' } });
  });

  it('holds a doctor without it out of their own lane', async () => {
    expect((await listOf(c, c.doctor)).statusCode).toBe(403);
    expect((await read(c, `/api/booking/${c.onAda._id}`, c.doctor)).statusCode).toBe(404);
  });

  it('gives each staff role its powers once the session passed a second factor', async () => {
    await passSecondFactor(c.receptionist);
    await passSecondFactor(c.doctor);
    expect((await read(c, `/api/admin/bookings?from=${DAY}&to=${DAY}`, c.receptionist)).statusCode).toBe(200);
    expect((await listOf(c, c.receptionist)).json<Booking[]>()).toHaveLength(3);
    expect((await read(c, `/api/booking/${c.onAda._id}`, c.doctor)).statusCode).toBe(200);
    // Two-step sign-in on, but a session that did not pass it (a password-only one from before): held back.
    const [account] = await c.t.db.select().from(users).where(eq(users.email, c.doctor.email));
    await c.t.db.update(sessions).set({ secondFactorVerified: false }).where(eq(sessions.userId, account!.id));
    expect((await read(c, `/api/booking/${c.onAda._id}`, c.doctor)).statusCode).toBe(404);
  });

  it('asks nothing of a patient', async () => {
    expect((await read(c, `/api/booking/${c.onAda._id}`, c.patient)).statusCode).toBe(200);
    expect((await listOf(c, c.patient)).statusCode).toBe(200);
  });
});
