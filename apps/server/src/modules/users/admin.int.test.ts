import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, doctors, retainedIdentities, users } from '../../db/schema.ts';
import { bearer, buildTestApp, createSignedInPatients, signIn, signUp, slotTimes, type TestApp, type TestUser } from '../../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
let now = NOW;

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

/** A stored image for a doctor's photo (one byte: the admin routes only check that it exists). */
async function doctorImage(t: TestApp): Promise<string> {
  const image = await t.db.execute(sql`INSERT INTO images (content_type, content, width, height) VALUES ('image/webp', '\\x00', 1, 1) RETURNING id`);
  return `/api/image/${(image as unknown as { rows: { id: string }[] }).rows[0]!.id}`;
}

describe('admin: users, roles, doctors, audit', () => {
  let t: TestApp;
  let boss: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' }, { now: () => now });
    boss = { email: 'boss@clinic.test', name: 'Clinic Admin', password: 'admin-password', ...(await signIn(t, 'boss@clinic.test', 'admin-password')) };
  });
  beforeEach(() => {
    now = NOW;
  });
  afterAll(() => t.close());

  it('lists users with their roles', async () => {
    const ann = await signUp(t, { name: 'Ann' });
    const res = await t.app.inject({ url: '/api/user', headers: bearer(boss) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { _id: expect.any(String), email: 'boss@clinic.test', name: 'Clinic Admin', role: 'admin' },
        { _id: expect.any(String), email: ann.email, name: 'Ann', role: 'user' },
      ]),
    );
  });

  it('makes a user an admin once, and the change applies to their next request', async () => {
    const ann = await signUp(t);
    const first = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${ann.email}`, headers: bearer(boss) });
    expect(first.json()).toEqual({ modifiedCount: 1 });
    const again = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${ann.email}`, headers: bearer(boss) });
    expect(again.json()).toEqual({ modifiedCount: 0 });
    expect((await t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(ann) })).json()).toEqual({ admin: true });
    expect((await t.app.inject({ url: '/api/user', headers: bearer(ann) })).statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/user/admin/nobody@example.com', headers: bearer(boss) });
    expect(unknown.statusCode).toBe(404);
  });

  // A patient refused a slot has taught this instance who holds it (booking.service.ts answers
  // the next such request from memory): a removal that frees the slot must make it bookable.
  it("lets another patient book a removed user's slot that they were refused a moment before", async () => {
    const victim = await signUp(t);
    const other = await signUp(t);
    const [treatment] = (await t.app.inject('/api/available?date=2030-06-09')).json<{ _id: string }[]>();
    now = new Date('2030-06-05T10:15:00Z');
    const body = { treatmentId: treatment!._id, date: '2030-06-09', slot: '09.00 AM - 09.30 AM' };
    const book = (user: TestUser) => t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: body });
    expect((await book(victim)).statusCode).toBe(201);
    expect((await book(other)).statusCode).toBe(409);
    expect((await book(other)).statusCode).toBe(409);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/${victim.email}`, headers: bearer(boss) });
    expect(removed.statusCode).toBe(200);
    // The removal's transaction drops what this instance knew of the day once it commits, on
    // either database, without waiting for its own NOTIFY to come back.
    expect((await book(other)).statusCode).toBe(201);
  });

  it('removes a user: sessions end, upcoming bookings free their slots, past bookings stay under a pseudonym', async () => {
    const victim = await signUp(t);
    const [treatment] = (await t.app.inject('/api/available?date=2030-06-08')).json<{ _id: string; name: string }[]>();
    const upcoming = await t.app.inject({
      method: 'POST', url: '/api/booking', headers: bearer(victim),
      payload: { treatmentId: treatment!._id, date: '2030-06-08', slot: '08.00 AM - 08.30 AM' },
    });
    expect(upcoming.statusCode).toBe(201);
    // A visit that already happened, as the clinic's records have it.
    const [past] = await t.db.insert(bookings).values({
      treatmentId: treatment!._id, treatmentName: treatment!.name, date: '2030-05-01', slot: '08.00 AM - 08.30 AM',
      ...slotTimes('2030-05-01', '08.00 AM - 08.30 AM'),
      patientId: await userIdOf(t, victim.email),
      patientEmail: victim.email, patientName: victim.name, phone: '555 0101', priceCents: 2000,
    }).returning();

    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${victim.email}`, headers: bearer(boss) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect((await t.app.inject({ url: '/api/me', headers: bearer(victim) })).json()).toEqual({ user: null });
    // The same erasure as the patient's own deletion: the never-paid upcoming booking is gone.
    expect(await t.db.select().from(bookings).where(eq(bookings.id, upcoming.json().booking._id))).toEqual([]);
    const free = (await t.app.inject('/api/available?date=2030-06-08')).json<{ _id: string; slots: string[] }[]>();
    expect(free.find((x) => x._id === treatment!._id)!.slots).toContain('08.00 AM - 08.30 AM');
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, past!.id));
    // Kept for the records, but no longer anyone's: the personal details went with the account,
    // who it was to the retention store under the booking's pseudonym.
    expect(kept).toMatchObject({ status: 'confirmed', patientId: null, patientEmail: '', patientName: '', phone: '', priceCents: 2000 });
    expect(kept!.subjectRef).not.toBeNull();
    expect(await t.db.select({ email: retainedIdentities.email, phone: retainedIdentities.phone }).from(retainedIdentities).where(eq(retainedIdentities.subjectRef, kept!.subjectRef!))).toEqual([
      { email: victim.email, phone: '555 0101' },
    ]);

    const twice = await t.app.inject({ method: 'DELETE', url: `/api/user/${victim.email}`, headers: bearer(boss) });
    expect(twice.statusCode).toBe(404);
  });

  it("never shows a removed account's bookings to a later account with the same address", async () => {
    const first = await signUp(t, { name: 'Pat Two' });
    const [treatment] = (await t.app.inject('/api/available?date=2030-06-11')).json<{ _id: string; name: string }[]>();
    const [past] = await t.db.insert(bookings).values({
      treatmentId: treatment!._id, treatmentName: treatment!.name, date: '2030-05-02', slot: '09.00 AM - 09.30 AM', ...slotTimes('2030-05-02', '09.00 AM - 09.30 AM'),
      patientId: await userIdOf(t, first.email), patientEmail: first.email, patientName: 'Pat Two', phone: '555 0102', priceCents: 2000,
    }).returning();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${first.email}`, headers: bearer(boss) })).statusCode).toBe(200);

    const again = await signUp(t, { email: first.email, name: 'Someone Else' });
    const own = await t.app.inject({ url: `/api/booking?patient=${again.email}`, headers: bearer(again) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    expect((await t.app.inject({ url: `/api/booking/${past!.id}`, headers: bearer(again) })).statusCode).toBe(404);
    const pay = await t.app.inject({
      method: 'POST', url: `/api/booking/${past!.id}/pay`, headers: bearer(again),
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(pay.statusCode).toBe(404);
    // An admin looking the address up sees the new account's bookings, not the removed one's.
    expect((await t.app.inject({ url: `/api/booking?patient=${again.email}`, headers: bearer(boss) })).json()).toEqual([]);
    // The new account books that treatment on a day the removed one had it, as anyone could.
    const booked = await t.app.inject({
      method: 'POST', url: '/api/booking', headers: bearer(again),
      payload: { treatmentId: treatment!._id, date: '2030-06-11', slot: '09.00 AM - 09.30 AM' },
    });
    expect(booked.statusCode).toBe(201);
    expect((await t.app.inject({ url: `/api/booking?patient=${again.email}`, headers: bearer(again) })).json()).toEqual([
      expect.objectContaining({ _id: booked.json().booking._id, patientName: 'Someone Else' }),
    ]);
  });

  it('never removes oneself', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/boss@clinic.test', headers: bearer(boss) });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/own account/);
  });

  it('adds, lists and deletes doctors with the spec answers', async () => {
    const img = await doctorImage(t);
    const add = await t.app.inject({
      method: 'POST', url: '/api/doctor', headers: bearer(boss),
      payload: { name: 'Jane Root', email: 'Jane.Root@Clinic.test', specialty: 'Oral Surgery', img },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({ insertedId: expect.any(String) });

    const duplicate = await t.app.inject({
      method: 'POST', url: '/api/doctor', headers: bearer(boss),
      payload: { name: 'Jane Again', email: 'jane.root@clinic.test', specialty: '', img },
    });
    expect(duplicate.statusCode).toBe(409);

    const list = await t.app.inject({ url: '/api/doctor', headers: bearer(boss) });
    expect(list.json()).toContainEqual({ _id: add.json().insertedId, name: 'Jane Root', email: 'jane.root@clinic.test', specialty: 'Oral Surgery', img });

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/doctor/jane.root@clinic.test', headers: bearer(boss) });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    const again = await t.app.inject({ method: 'DELETE', url: '/api/doctor/jane.root@clinic.test', headers: bearer(boss) });
    expect(again.json()).toEqual({ deletedCount: 0 });
    expect(await t.db.$count(doctors, eq(doctors.email, 'jane.root@clinic.test'))).toBe(0);
  });

  it('edits a doctor in place: the name patients see changes at once, the photo must be our own, audited', async () => {
    const img = await doctorImage(t);
    const add = await t.app.inject({
      method: 'POST', url: '/api/doctor', headers: bearer(boss),
      payload: { name: 'Dr. Emly Watson', email: 'emily.watson@clinic.test', specialty: 'Teeth Orthodontics', img },
    });
    const id = add.json<{ insertedId: string }>().insertedId;
    // The snapshot patients read names the doctor: read it first, so a stale copy would show.
    const named = async () => (await t.app.inject('/api/doctors/public')).json<{ _id: string; name: string }[]>().find((d) => d._id === id)?.name;
    expect(await named()).toBe('Dr. Emly Watson');

    const newImg = await doctorImage(t);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/doctor/${id}`, headers: bearer(boss), payload: { name: 'Dr. Emily Watson', img: newImg } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: id, name: 'Dr. Emily Watson', email: 'emily.watson@clinic.test', specialty: 'Teeth Orthodontics', img: newImg });
    expect(await named()).toBe('Dr. Emily Watson');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'doctor.update'));
    expect(entry).toMatchObject({ target: 'emily.watson@clinic.test', detail: { name: 'Dr. Emily Watson', img: newImg } });

    const foreign = await t.app.inject({ method: 'PATCH', url: `/api/doctor/${id}`, headers: bearer(boss), payload: { img: 'https://evil.example/x.png' } });
    expect(foreign.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/doctor/${id}`, headers: bearer(boss), payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/doctor/00000000-0000-4000-8000-000000000000', headers: bearer(boss), payload: { name: 'Nobody' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/doctor/not-a-uuid', headers: bearer(boss), payload: { name: 'Nobody' } })).statusCode).toBe(404);
  });

  it('checks a doctor with the spec messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/doctor', headers: bearer(boss), payload: { name: '', email: '', img: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: ['Name is Required'], email: ['Email is Required'], img: ['Image is Required'] });
    const bad = await t.app.inject({ method: 'POST', url: '/api/doctor', headers: bearer(boss), payload: { name: 'X', email: 'not-an-email', img: '/api/image/x' } });
    expect(bad.json().errors.email).toEqual(['Provide a valid Email']);
    const foreign = await t.app.inject({
      method: 'POST', url: '/api/doctor', headers: bearer(boss),
      payload: { name: 'X', email: 'x@clinic.test', img: 'https://evil.example/x.png' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty('img');
  });

  it('writes every admin action to an audit log that cannot be altered', async () => {
    const [ann, leaving] = await createSignedInPatients(t, 2, 'audited');
    // Entries about an account name it by id: an address may later be someone else's.
    const annId = await userIdOf(t, ann!.email);
    const leavingId = await userIdOf(t, leaving!.email);
    const doctor = { name: 'Dr Audit', email: `audit-${Date.now()}@clinic.test`, specialty: '', img: await doctorImage(t) };
    for (const request of [
      { method: 'PUT', url: `/api/user/admin/${ann!.email}` },
      { method: 'DELETE', url: `/api/user/${leaving!.email}` },
      { method: 'POST', url: '/api/doctor', payload: doctor },
      { method: 'DELETE', url: `/api/doctor/${doctor.email}` },
    ] as const) {
      expect((await t.app.inject({ ...request, headers: bearer(boss) })).statusCode, request.url).toBeLessThan(300);
    }
    const res = await t.app.inject({ url: '/api/audit', headers: bearer(boss) });
    const entries = res.json<{ actor: string; action: string; target: string }[]>();
    expect(entries).toContainEqual({
      _id: expect.any(String), actor: 'boss@clinic.test', action: 'user.make-admin', target: annId, detail: {}, at: expect.any(String),
    });
    expect(entries.map((e) => [e.action, e.target])).toEqual(
      expect.arrayContaining([
        ['user.remove', leavingId],
        ['doctor.add', doctor.email],
        ['doctor.delete', doctor.email],
      ]),
    );

    const code = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'no error';
      } catch (error) {
        return (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
      }
    };
    expect(await code(() => t.db.update(auditLog).set({ action: 'nothing happened' }))).toBe('42501');
    expect(await code(() => t.db.delete(auditLog))).toBe('42501');
    expect(await code(() => t.db.execute(sql`TRUNCATE audit_log`))).toBe('42501');
  });
});
