/**
 * `POST /api/admin/staff` (practice-loop.md section 2): an existing account gets the role; an
 * unknown address gets an account and a welcome mail whose link sets its first password.
 */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctors, images, outbox, users, verifications } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { makeImage } from '../../test/images.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

describe('inviting staff', () => {
  let t: TestApp;
  let admin: { token: string };
  let ada: string;

  const as = (who: { token: string }, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...bearer(who), origin: t.origin, ...(options.headers ?? {}) } });
  const invite = (payload: object, by: { token: string } = admin) => as(by, { method: 'POST', url: '/api/admin/staff', payload });
  const mailsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.toAddress, email));

  beforeAll(async () => {
    t = await buildTestApp(ADMIN);
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const [image] = await t.db.insert(images).values({ contentType: 'image/webp', content: await makeImage('webp', 8, 8), width: 8, height: 8 }).returning();
    const [row] = await t.db.insert(doctors).values({ name: 'Dr Ada', email: 'ada@clinic.test', specialty: '', img: `/api/image/${image!.id}` }).returning();
    ada = row!.id;
  });
  afterAll(() => t.close());

  it('makes an account for a new address and mails a welcome whose link sets the first password', async () => {
    const email = 'new.receptionist@example.com';
    const res = await invite({ email: 'New.Receptionist@example.com', name: 'Rita Desk', role: 'receptionist' });
    expect(res.statusCode, res.body).toBe(201);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(res.json()).toEqual({ user: { _id: account!.id, email, name: 'Rita Desk', role: 'receptionist', doctorId: null } });

    const mails = await mailsTo(email);
    const welcome = mails.find((m) => m.kind === 'staff-welcome');
    expect(welcome?.subject).toBe('Your Doctors Portal staff account');
    expect(welcome?.textBody).toContain('The clinic has made you a staff account');
    // Not a reset mail (nobody asked to reset anything), and no separate "confirm your address":
    // the welcome's link proves it, and lasts days.
    expect(mails.map((m) => m.kind)).toEqual(['staff-welcome']);
    expect(welcome?.textBody).toContain('within 7 days');
    const [link] = await t.db.select().from(verifications).where(eq(verifications.value, account!.id));
    expect(link!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    const token = new URL(/https?:\/\/\S+reset-password\S+/.exec(welcome!.textBody)![0]).searchParams.get('token')!;
    const set = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: t.origin }, payload: { token, newPassword: 'Front-desk-2030' } });
    expect(set.statusCode, set.body).toBe(200);
    const session = await signIn(t, email, 'Front-desk-2030');
    expect((await as(session, { url: '/api/me' })).json()).toMatchObject({ user: { email, role: 'receptionist' } });
    expect((await as(session, { url: '/api/admin/bookings?from=2030-06-05&to=2030-06-05' })).statusCode).toBe(200);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.target, account!.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['staff.create', 'user.set-role']);
  });

  it('gives an existing account the role, with no new account and no mail', async () => {
    const person = await signUp(t);
    const before = (await mailsTo(person.email)).length;
    const res = await invite({ email: person.email, name: 'Ignored Name', role: 'doctor', doctorId: ada });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ user: { email: person.email, name: person.name, role: 'doctor', doctorId: ada } });
    expect((await mailsTo(person.email)).length).toBe(before);
  });

  it('refuses a doctor already linked, an unknown doctor, a missing doctor and a patient role, leaving no account', async () => {
    const taken = await invite({ email: 'second.ada@example.com', name: 'Ada Again', role: 'doctor', doctorId: ada });
    expect(taken.statusCode).toBe(409);
    expect((await invite({ email: 'ghost@example.com', name: 'Ghost', role: 'doctor', doctorId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await invite({ email: 'nodoc@example.com', name: 'No Doc', role: 'doctor' })).statusCode).toBe(400);
    expect((await invite({ email: 'patient@example.com', name: 'Pat', role: 'user' })).statusCode).toBe(400);
    for (const email of ['second.ada@example.com', 'ghost@example.com', 'nodoc@example.com', 'patient@example.com']) {
      expect(await t.db.$count(users, eq(users.email, email)), email).toBe(0);
    }
  });

  it('is the owner’s alone', async () => {
    const receptionist = await signUp(t);
    await t.db.update(users).set({ role: 'receptionist' }).where(eq(users.email, receptionist.email));
    expect((await invite({ email: 'sneaky@example.com', name: 'Sneaky', role: 'admin' }, receptionist)).statusCode).toBe(403);
    expect(await t.db.$count(users, eq(users.email, 'sneaky@example.com'))).toBe(0);
  });
});
