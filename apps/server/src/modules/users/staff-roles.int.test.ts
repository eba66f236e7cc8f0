/**
 * Giving accounts their roles (practice-loop.md section 2): `PUT /api/admin/users/:id/role` with
 * one account per doctor and the last admin kept, audited; `GET /api/me` says the role and the
 * doctor; the spec's Make Admin still makes an admin.
 */
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctors, images, users } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from '../../test/helper.ts';
import { makeImage } from '../../test/images.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
const DAY = '2030-06-12';

describe('staff roles', () => {
  let t: TestApp;
  let admin: { token: string };
  let adminId: string;
  let ada: string;
  let bo: string;

  const as = (who: { token: string }, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...bearer(who), origin: t.origin, ...(options.headers ?? {}) } });
  const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const setRole = async (email: string, body: object, by: { token: string } = admin) =>
    as(by, { method: 'PUT', url: `/api/admin/users/${await idOf(email)}/role`, payload: body });
  const me = async (who: { token: string }) => (await as(who, { url: '/api/me' })).json<{ user: { role: string; doctorId: string | null } }>().user;

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => new Date('2030-06-05T10:15:00Z') });
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    adminId = await idOf(ADMIN.ADMIN_EMAIL);
    const [image] = await t.db.insert(images).values({ contentType: 'image/webp', content: await makeImage('webp', 8, 8), width: 8, height: 8 }).returning();
    const rows = await t.db
      .insert(doctors)
      .values(['ada', 'bo'].map((n) => ({ name: `Dr ${n}`, email: `${n}@clinic.test`, specialty: '', img: `/api/image/${image!.id}` })))
      .returning();
    [ada, bo] = rows.map((r) => r.id) as [string, string];
  });
  afterAll(() => t.close());

  it('makes a patient a receptionist, who then runs the front desk; the change is audited; demoting takes it back', async () => {
    const person = await signUp(t);
    expect((await as(person, { url: `/api/admin/bookings?from=${DAY}&to=${DAY}` })).statusCode).toBe(403);

    const res = await setRole(person.email, { role: 'receptionist' });
    expect(res.statusCode, res.body).toBe(200);
    const id = await idOf(person.email);
    expect(res.json()).toEqual({ user: { _id: id, email: person.email, name: person.name, role: 'receptionist', doctorId: null } });
    // The very next request has the role: roles are read from the database on each.
    expect((await as(person, { url: `/api/admin/bookings?from=${DAY}&to=${DAY}` })).statusCode).toBe(200);
    expect(await me(person)).toMatchObject({ role: 'receptionist' });
    expect(await me(person)).not.toHaveProperty('doctorId');

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.set-role'), eq(auditLog.target, id)));
    expect(entries.map((e) => [e.actorId, e.detail])).toEqual([[adminId, { from: 'user', to: 'receptionist' }]]);

    expect((await setRole(person.email, { role: 'user' })).statusCode).toBe(200);
    expect((await as(person, { url: `/api/admin/bookings?from=${DAY}&to=${DAY}` })).statusCode).toBe(403);
    expect(await me(person)).toMatchObject({ role: 'user' });
  });

  it('links a doctor account to one doctor: required, must exist, one account per doctor', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const missing = await setRole(first.email, { role: 'doctor' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', errors: { doctorId: [expect.any(String)] } });
    expect((await setRole(first.email, { role: 'receptionist', doctorId: ada })).statusCode).toBe(400);
    expect((await setRole(first.email, { role: 'doctor', doctorId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);

    const linked = await setRole(first.email, { role: 'doctor', doctorId: ada });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ user: { role: 'doctor', doctorId: ada } });
    expect(await me(first)).toMatchObject({ role: 'doctor', doctorId: ada });

    const taken = await setRole(second.email, { role: 'doctor', doctorId: ada });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'conflict', detail: 'Another account already works as this doctor.' });
    // The first account moves to another doctor; then the second may have Dr Ada.
    expect((await setRole(first.email, { role: 'doctor', doctorId: bo })).statusCode).toBe(200);
    expect((await setRole(second.email, { role: 'doctor', doctorId: ada })).statusCode).toBe(200);
    // Asking again for what is already so changes nothing and writes no entry.
    const before = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.set-role'))).length;
    expect((await setRole(second.email, { role: 'doctor', doctorId: ada })).statusCode).toBe(200);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.set-role'))).length).toBe(before);

    // A doctor who leaves the doctor role leaves the doctor too.
    const left = await setRole(second.email, { role: 'receptionist' });
    expect(left.json()).toMatchObject({ user: { role: 'receptionist', doctorId: null } });
  });

  it("keeps the clinic's last admin, and lets one of two admins go", async () => {
    const self = await setRole(ADMIN.ADMIN_EMAIL, { role: 'receptionist' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'conflict', detail: 'The clinic needs at least one admin.' });

    const second = await signUp(t);
    expect((await setRole(second.email, { role: 'admin' })).statusCode).toBe(200);
    expect((await setRole(second.email, { role: 'user' })).statusCode).toBe(200);
    expect(await me(admin)).toMatchObject({ role: 'admin' });
  });

  it("lets two admins demote each other at once only as far as one admin", async () => {
    const other = await signUp(t);
    expect((await setRole(other.email, { role: 'admin' })).statusCode).toBe(200);
    const otherSession = await signIn(t, other.email, other.password);
    const [a, b] = await Promise.all([setRole(other.email, { role: 'user' }, admin), setRole(ADMIN.ADMIN_EMAIL, { role: 'user' }, otherSession)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.$count(users, eq(users.role, 'admin'))).toBe(1);
    // Whoever is left is the admin again.
    if (a.statusCode === 409) expect((await setRole(ADMIN.ADMIN_EMAIL, { role: 'admin' }, otherSession)).statusCode).toBe(200);
    expect(await me(admin)).toMatchObject({ role: 'admin' });
  });

  it("keeps the spec's Make Admin, which makes a doctor's account an admin and frees the doctor", async () => {
    const person = await signUp(t);
    expect((await setRole(person.email, { role: 'doctor', doctorId: bo })).statusCode).toBe(409); // held by the first test's account
    const free = await signUp(t);
    const [row] = await t.db
      .insert(doctors)
      .values({ name: 'Dr Cy', email: 'cy@clinic.test', specialty: '', img: '/api/image/x' })
      .returning();
    expect((await setRole(free.email, { role: 'doctor', doctorId: row!.id })).statusCode).toBe(200);
    const made = await as(admin, { method: 'PUT', url: `/api/user/admin/${free.email}` });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ modifiedCount: 1 });
    expect(await me(free)).toMatchObject({ role: 'admin' });
    expect(await me(free)).not.toHaveProperty('doctorId');
    expect((await as(admin, { url: `/api/admin/${free.email}` })).json()).toEqual({ admin: true });
  });

  it('answers an unknown account 404, and lists every account with its role and doctor', async () => {
    expect((await as(admin, { method: 'PUT', url: '/api/admin/users/nobody/role', payload: { role: 'receptionist' } })).statusCode).toBe(404);
    const list = (await as(admin, { url: '/api/user' })).json<{ email: string; role: string; doctorId?: string | null }[]>();
    expect(list.find((u) => u.email === ADMIN.ADMIN_EMAIL)).toEqual({ _id: adminId, email: ADMIN.ADMIN_EMAIL, name: 'Clinic Admin', role: 'admin' });
    expect(list.some((u) => u.role === 'doctor' && u.doctorId === bo)).toBe(true);
  });

  it('refuses the role change to anyone but an admin', async () => {
    const person: TestUser = await signUp(t);
    const receptionist = await signUp(t);
    await setRole(receptionist.email, { role: 'receptionist' });
    expect((await setRole(person.email, { role: 'admin' }, receptionist)).statusCode).toBe(403);
    expect((await setRole(receptionist.email, { role: 'admin' }, receptionist)).statusCode).toBe(403);
  });
});
