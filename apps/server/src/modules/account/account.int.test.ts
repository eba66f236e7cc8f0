import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_EXPORT_FORMAT, accountExportSchema, type AccountExport } from '@clinic/shared';
import { accounts, auditLog, sessions, users } from '../../db/schema.ts';
import {
  bearer,
  buildTestApp,
  signIn,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

/** A patient with a booking (paid), a contact message, a second session and a phone. */
async function busyPatient(
  t: TestApp,
  treatment: { _id: string; slots: string[] },
  slotIndex: number,
  agent: string,
) {
  const user = await signUp(t);
  await signIn(t, user.email, user.password); // a second session
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.origin, 'user-agent': agent },
    payload: { email: user.email, password: user.password },
  });
  await t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: bearer(user),
    payload: { phone: `+49 30 ${slotIndex}${slotIndex}${slotIndex}` },
  });
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: bearer(user),
    payload: {
      treatmentId: treatment._id,
      date: DAY,
      slot: treatment.slots[slotIndex],
      phone: `555-${slotIndex}`,
    },
  });
  expect(booked.statusCode).toBe(201);
  const bookingId = booked.json().booking._id as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/booking/${bookingId}/pay`,
    headers: bearer(user),
    payload: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.statusCode).toBe(200);
  // Signed in, as the web app sends it: only then is the message the account's data.
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: bearer(user),
    payload: {
      email: user.email,
      subject: `Question from ${user.name}`,
      message: `Secret of ${user.email}`,
    },
  });
  expect(contact.statusCode).toBe(201);
  return { user, bookingId, id: await userIdOf(t, user.email) };
}

describe('the account: profile and export', () => {
  let t: TestApp;
  let boss: TestUser;
  let treatments: { _id: string; slots: string[] }[];

  beforeAll(async () => {
    t = await buildTestApp(
      { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' },
      { now: () => NOW },
    );
    boss = {
      email: 'boss@clinic.test',
      name: 'Clinic Admin',
      password: 'admin-password',
      ...(await signIn(t, 'boss@clinic.test', 'admin-password')),
    };
    treatments = (await t.app.inject(`/api/available?date=${DAY}`)).json();
  });
  afterAll(() => t.close());

  describe('PATCH /api/me', () => {
    it('changes the name and the phone, answers as GET /api/me does, and the next request sees them', async () => {
      const ann = await signUp(t, { name: 'Ann' });
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(ann),
        payload: { name: '  Ann Smith ', phone: ' +1 555 0100 ' },
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        user: {
          _id: await userIdOf(t, ann.email),
          name: 'Ann Smith',
          email: ann.email,
          role: 'user',
          phone: '+1 555 0100',
          remindersOptOut: false,
          recallOptOut: false,
          smsOptIn: false,
          locale: null,
        },
      };
      expect(res.json()).toEqual(expected);
      const me = await t.app.inject({ url: '/api/me', headers: bearer(ann) });
      expect(me.json()).toMatchObject(expected);
      // Over the cookie too (Better Auth's own session path).
      const byCookie = await t.app.inject({ url: '/api/me', headers: { cookie: ann.cookie } });
      expect(byCookie.json()).toMatchObject(expected);
    });

    it('changes one field and leaves the other; an empty body changes nothing', async () => {
      const bob = await signUp(t, { name: 'Bob' });
      await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(bob),
        payload: { phone: '123' },
      });
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(bob),
        payload: { name: 'Robert' },
      });
      expect(renamed.json().user).toMatchObject({ name: 'Robert', phone: '123' });
      const cleared = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(bob),
        payload: { phone: '' },
      });
      expect(cleared.json().user).toMatchObject({ name: 'Robert', phone: '' });
      const nothing = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(bob),
        payload: {},
      });
      expect(nothing.json().user).toMatchObject({ name: 'Robert', phone: '' });
    });

    it.each([
      ['an empty name', { name: '   ' }, 'name'],
      ['a name with a control character', { name: 'Ann\u0007' }, 'name'],
      ['a name over 100 characters', { name: 'a'.repeat(101) }, 'name'],
      ['a phone over 40 characters', { phone: '1'.repeat(41) }, 'phone'],
    ])('refuses %s with a field error and changes nothing', async (_, payload, field) => {
      const cy = await signUp(t, { name: 'Cy' });
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(cy),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
      expect(
        (await t.app.inject({ url: '/api/me', headers: bearer(cy) })).json().user,
      ).toMatchObject({ name: 'Cy', phone: '' });
    });

    it('cannot be set at sign-up', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: t.origin },
        payload: {
          name: 'Sly',
          email: `sly-${Date.now()}@example.com`,
          password: 'secret123',
          phone: '999',
        },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(200);
      const [row] = await t.db
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.name, 'Sly'));
      expect(row?.phone ?? '').toBe('');
    });

    it('cannot change the role or the email', async () => {
      const dee = await signUp(t);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(dee),
        payload: { role: 'admin', email: 'x@example.com', name: 'Dee' },
      });
      expect(res.json().user).toMatchObject({ name: 'Dee', role: 'user', email: dee.email });
    });
  });

  describe('GET /api/me/export', () => {
    let patient: Awaited<ReturnType<typeof busyPatient>>;
    let neighbour: Awaited<ReturnType<typeof busyPatient>>;
    let res: Awaited<ReturnType<TestApp['app']['inject']>>;
    let exported: AccountExport;

    beforeAll(async () => {
      patient = await busyPatient(t, treatments[0]!, 0, 'patient-agent');
      neighbour = await busyPatient(t, treatments[0]!, 1, 'neighbour-agent');
      // The admin reads both patients' bookings: entries about each of them.
      for (const p of [patient, neighbour]) {
        expect(
          (
            await t.app.inject({
              url: `/api/booking?patient=${p.user.email}`,
              headers: bearer(boss),
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (await t.app.inject({ url: `/api/booking/${p.bookingId}`, headers: bearer(boss) }))
            .statusCode,
        ).toBe(200);
      }
      res = await t.app.inject({ url: '/api/me/export', headers: bearer(patient.user) });
      exported = res.json();
    });

    it('is a JSON attachment named by the day, never cached', () => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="doctors-portal-export-2030-06-05.json"',
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(accountExportSchema.parse(exported)).toBeTruthy();
      expect(exported).toMatchObject({
        format: ACCOUNT_EXPORT_FORMAT,
        exportedAt: NOW.toISOString(),
      });
    });

    it("holds the caller's account, sign-in methods and sessions", () => {
      expect(exported.account).toEqual({
        name: patient.user.name,
        email: patient.user.email,
        emailVerified: expect.any(Boolean),
        createdAt: expect.any(String),
        role: 'user',
        phone: '+49 30 000',
      });
      expect(exported.signInMethods).toEqual(['credential']);
      expect(exported.sessions).toHaveLength(3);
      expect(exported.sessions.map((s) => s.userAgent)).toContain('patient-agent');
      expect(exported.sessions[0]).toEqual({
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        expiresAt: expect.any(String),
        ipAddress: expect.any(String),
        userAgent: expect.toBeOneOf([null, expect.any(String)]),
      });
    });

    it('holds their bookings, payments, mails and contact messages', () => {
      expect(exported.bookings).toEqual([
        expect.objectContaining({
          _id: patient.bookingId,
          date: DAY,
          slot: treatments[0]!.slots[0],
          status: 'confirmed',
          paid: true,
          phone: '555-0',
          patientEmail: patient.user.email,
        }),
      ]);
      expect(exported.payments).toEqual([
        {
          bookingId: patient.bookingId,
          provider: 'test',
          providerRef: expect.any(String),
          amountCents: expect.any(Number),
          status: 'succeeded',
          createdAt: expect.any(String),
        },
      ]);
      expect(exported.mails.map((m) => m.kind)).toContain('booking-confirmation');
      expect(exported.mails[0]).toEqual({
        kind: expect.any(String),
        subject: expect.any(String),
        createdAt: expect.any(String),
        status: 'pending',
      });
      expect(exported.contactMessages).toEqual([
        {
          subject: `Question from ${patient.user.name}`,
          message: `Secret of ${patient.user.email}`,
          createdAt: expect.any(String),
        },
      ]);
    });

    it("lists the audit entries about them by action and actor role, without the admin's address", () => {
      expect(exported.auditEntries).toEqual([
        { action: 'booking.read-list', actorRole: 'admin', createdAt: expect.any(String) },
        { action: 'booking.read', actorRole: 'admin', createdAt: expect.any(String) },
      ]);
      expect(res.body).not.toContain(boss.email);
    });

    it('holds nothing of the neighbour and no secret', async () => {
      const neighbourBits = [
        neighbour.user.email,
        neighbour.user.name,
        neighbour.bookingId,
        neighbour.id,
        'neighbour-agent',
        '+49 30 111',
        '555-1',
      ];
      for (const bit of neighbourBits) expect(res.body, bit).not.toContain(bit);
      const tokens = await t.db
        .select({ token: sessions.token })
        .from(sessions)
        .where(eq(sessions.userId, patient.id));
      const [credential] = await t.db
        .select({ password: accounts.password })
        .from(accounts)
        .where(eq(accounts.userId, patient.id));
      for (const secret of [
        ...tokens.map((s) => s.token),
        credential!.password!,
        patient.user.token,
      ])
        expect(res.body).not.toContain(secret);
      expect(res.body).not.toMatch(/"(token|password|accessToken|refreshToken|idToken)"/);
    });

    it('is itself audited', async () => {
      const entries = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'me.export'), eq(auditLog.actorId, patient.id)));
      expect(entries).toEqual([expect.objectContaining({ target: patient.id })]);
    });

    it('allows 3 per hour per account, then a 429 problem with Retry-After', async () => {
      const eve = await signUp(t);
      for (let i = 0; i < 3; i++)
        expect(
          (await t.app.inject({ url: '/api/me/export', headers: bearer(eve) })).statusCode,
        ).toBe(200);
      const refused = await t.app.inject({ url: '/api/me/export', headers: bearer(eve) });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account is not held back by it.
      const fred = await signUp(t);
      expect(
        (await t.app.inject({ url: '/api/me/export', headers: bearer(fred) })).statusCode,
      ).toBe(200);
    });
  });

  describe('admin reads are audited', () => {
    const entriesOf = (actorId: string) =>
      t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.actorId, actorId),
            inArray(auditLog.action, ['booking.read-list', 'booking.read', 'user.list']),
          ),
        );

    it("writes an entry when an admin reads someone else's bookings, and none for their own reads", async () => {
      const gil = await signUp(t);
      const admin = await signUp(t);
      await t.app.inject({
        method: 'PUT',
        url: `/api/user/admin/${admin.email}`,
        headers: bearer(boss),
      });
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: bearer(gil),
        payload: { treatmentId: treatments[2]!._id, date: DAY, slot: treatments[2]!.slots[0] },
      });
      const bookingId = booked.json().booking._id as string;
      const adminId = await userIdOf(t, admin.email);
      const gilId = await userIdOf(t, gil.email);

      // The patient reading their own: nothing. The admin reading their own: nothing.
      await t.app.inject({ url: `/api/booking?patient=${gil.email}`, headers: bearer(gil) });
      await t.app.inject({ url: `/api/booking/${bookingId}`, headers: bearer(gil) });
      await t.app.inject({ url: `/api/booking?patient=${admin.email}`, headers: bearer(admin) });
      expect(await entriesOf(gilId)).toEqual([]);
      expect(await entriesOf(adminId)).toEqual([]);

      await t.app.inject({ url: `/api/booking?patient=${gil.email}`, headers: bearer(admin) });
      await t.app.inject({ url: `/api/booking/${bookingId}`, headers: bearer(admin) });
      await t.app.inject({ url: '/api/user', headers: bearer(admin) });
      const entries = await entriesOf(adminId);
      expect(entries.map((e) => [e.action, e.target, e.actorEmail])).toEqual(
        expect.arrayContaining([
          ['booking.read-list', gilId, admin.email],
          ['booking.read', bookingId, admin.email],
          ['user.list', 'users', admin.email],
        ]),
      );
      expect(entries).toHaveLength(3);
    });

    it('writes nothing when the read is refused', async () => {
      const hal = await signUp(t);
      const ivy = await signUp(t);
      expect(
        (await t.app.inject({ url: `/api/booking?patient=${ivy.email}`, headers: bearer(hal) }))
          .statusCode,
      ).toBe(403);
      expect((await t.app.inject({ url: '/api/user', headers: bearer(hal) })).statusCode).toBe(403);
      expect(await entriesOf(await userIdOf(t, hal.email))).toEqual([]);
    });
  });
});
