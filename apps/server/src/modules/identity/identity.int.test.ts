import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, createAuth } from './auth.ts';
import { createSessionReader } from './sessions.repository.ts';
import { testMailService, bearer, buildTestApp, createSignedInPatients, signIn, signUp, type TestApp } from '../../test/helper.ts';

describe('identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      ADMIN_EMAIL: 'Boss@Clinic.test',
      ADMIN_PASSWORD: 'admin-password',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
  });
  afterAll(() => t.close());

  it('signs up, issues the token to the owner and accepts it as a bearer', async () => {
    const ann = await signUp(t, { email: 'Ann.Lee@Example.com', name: 'Ann Lee' });
    expect(ann.token).toMatch(/\./); // signed
    const me = await t.app.inject({ url: '/api/me', headers: bearer(ann) });
    expect(me.json()).toEqual({
      user: {
        _id: expect.any(String),
        name: 'Ann Lee',
        email: 'ann.lee@example.com',
        role: 'user',
        phone: '',
        twoFactorEnabled: false,
        remindersOptOut: false,
        recallOptOut: false,
        smsOptIn: false,
        locale: null,
      },
    });
    const admin = await t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(ann) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ admin: false });
  });

  it('refuses the token to anyone but the signed-in owner of the email', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/user/${bob.email}`, payload: { email: bob.email } });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${bob.email}`,
      headers: { cookie: ann.cookie, origin: t.origin },
      payload: { email: bob.email },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'forbidden' });
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${ann.email}`,
      headers: { cookie: ann.cookie, origin: t.origin },
      payload: { email: bob.email },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('rejects unsigned, tampered and garbage bearer tokens', async () => {
    const ann = await signUp(t);
    const rawToken = ann.token.split('.')[0]!;
    for (const token of [rawToken, `${rawToken}.AAAA`, 'garbage', '']) {
      const res = await t.app.inject({ url: `/api/admin/${ann.email}`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, token).toBe(401);
    }
  });

  it('revokes the token on sign-out', async () => {
    const ann = await signUp(t);
    expect((await t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(ann) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(ann), payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(ann) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'unauthenticated' });
  });

  // Simultaneous session reads share one query: each request must still be answered for its own token.
  it('answers many simultaneous requests each for its own token, live, signed out or unknown', async () => {
    const patients = await createSignedInPatients(t, 40, 'reader');
    const signedOut = patients.slice(30);
    for (const p of signedOut) {
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(p), payload: {} });
      expect(out.statusCode).toBe(200);
    }
    const unknown = { token: `${patients[0]!.token.split('.')[0]!.slice(0, -4)}AAAA.${patients[0]!.token.split('.')[1]}` };
    const callers = [...patients, ...patients.slice(0, 5), unknown];
    const answers = await Promise.all(callers.map((p) => t.app.inject({ url: '/api/me', headers: bearer(p) })));
    // /api/me answers { user: null } to a caller without a live session.
    answers.forEach((res, i) => {
      const caller = callers[i]!;
      const expected = caller === unknown || signedOut.includes(caller as (typeof patients)[number]) ? null : (caller as (typeof patients)[number]).email;
      expect(res.statusCode, `caller ${i}`).toBe(200);
      expect(res.json().user?.email ?? null, `caller ${i}`).toBe(expected);
    });
  });

  // The bearer path reads the session without Better Auth's endpoint (bearer-fast-path.ts); what
  // it does not decide itself, Better Auth still does.
  it('extends a session due for its refresh when its bearer token is used', async () => {
    const ann = await signUp(t);
    const day = 24 * 3600 * 1000;
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, ann.token.split('.')[0]!));
    // Signed in six and a half days ago: past Better Auth's one-day update age.
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + day / 2) }).where(eq(sessions.id, row!.id));
    const me = await t.app.inject({ url: '/api/me', headers: bearer(ann) });
    expect(me.json().user?.email).toBe(ann.email);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * day);
  });

  it('refuses an expired session and deletes it', async () => {
    const ann = await signUp(t);
    const token = ann.token.split('.')[0]!;
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.token, token));
    expect((await t.app.inject({ url: '/api/me', headers: bearer(ann) })).json()).toEqual({ user: null });
    expect((await t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(ann) })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
  });

  // At the very end of a session's life, from the outside: refused once expires_at has passed,
  // served (and extended) until then.
  it('refuses a bearer token whose session ended a second ago, on a signed-in route too', async () => {
    const [ann] = await createSignedInPatients(t, 1, 'ended');
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, ann!.token.split('.')[0]!));
    const own = await t.app.inject({ url: `/api/booking?patient=${ann!.email}`, headers: bearer(ann!) });
    expect(own.statusCode).toBe(401);
    expect(own.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await t.app.inject({ url: '/api/me', headers: bearer(ann!) })).json()).toEqual({ user: null });
  });

  it('serves a session that ends in a minute, due for its refresh, and extends it', async () => {
    const [ann] = await createSignedInPatients(t, 1, 'ending');
    const token = ann!.token.split('.')[0]!;
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.token, token));
    const own = await t.app.inject({ url: `/api/booking?patient=${ann!.email}`, headers: bearer(ann!) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('refuses a bearer token signed with another secret', async () => {
    const ann = await signUp(t);
    const { createHmac } = await import('node:crypto');
    const token = ann.token.split('.')[0]!;
    const forged = `${token}.${createHmac('sha256', 'not-the-secret-not-the-secret-000').update(token).digest('base64')}`;
    expect((await t.app.inject({ url: '/api/me', headers: bearer({ token: forged }) })).json()).toEqual({ user: null });
  });

  // The bearer fast path checks expiry and refresh with our constants, not Better Auth's context:
  // an upgrade that changed Better Auth's reading of them must fail here, not in production.
  it("checks a session's lifetime with the values Better Auth itself uses", async () => {
    const { sessionConfig } = await createAuth(t.config, t.db, testMailService(t.config)).$context;
    expect(sessionConfig.expiresIn).toBe(SESSION_EXPIRES_IN_SECONDS);
    expect(sessionConfig.updateAge).toBe(SESSION_UPDATE_AGE_SECONDS);
  });

  it("reads a session with its user in exactly the shape of Better Auth's own adapter", async () => {
    const ann = await signUp(t, { name: 'Ann Shape' });
    const token = ann.token.split('.')[0]!;
    const context = await createAuth(t.config, t.db, testMailService(t.config)).$context;
    const theirs = await context.adapter.findMany({
      model: 'session',
      where: [{ field: 'token', operator: 'in', value: [token] }],
      join: { user: true },
      limit: 1,
    });
    const ours = await createSessionReader(t.db)([token]);
    expect(ours).toHaveLength(1);
    expect(ours).toEqual(theirs);
  });

  it('signs in again after signing out, with a new token', async () => {
    const ann = await signUp(t, { password: 'another-secret' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(ann), payload: {} });
    expect(out.statusCode).toBe(200);
    // Signed out for real: the old token opens nothing any more; the new one does.
    const signedIn = (user: { token: string }) => t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(user) });
    expect((await signedIn(ann)).statusCode).toBe(401);
    const again = await signIn(t, ann.email, 'another-secret');
    expect(again.token).not.toBe(ann.token);
    expect((await signedIn(again)).statusCode).toBe(200);
    expect((await signedIn(ann)).statusCode).toBe(401);
  });

  it('answers an unknown user and a wrong password the same way', async () => {
    const ann = await signUp(t);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: t.origin }, payload: { email: ann.email, password: 'wrong-password' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: t.origin }, payload: { email: 'nobody@example.com', password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('enforces the minimum password length of 6 and refuses a second account on one email', async () => {
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: t.origin }, payload: { name: 'X', email: 'short@example.com', password: '12345' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ status: 400, detail: expect.stringMatching(/short/i) });
    const ann = await signUp(t);
    const twice = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: t.origin }, payload: { name: 'X', email: ann.email, password: 'secret123' } });
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect(twice.statusCode).toBeLessThan(500);
    expect(twice.json().detail).toBeTruthy();
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const ann = await signUp(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${ann.email}`,
      headers: { cookie: ann.cookie, origin: 'https://evil.example' },
      payload: { email: ann.email },
    });
    expect(res.statusCode).toBe(403);
  });

  it('ensures the ADMIN_EMAIL account at start and reads roles from the database on each request', async () => {
    const boss = await signIn(t, 'boss@clinic.test', 'admin-password');
    const res = await t.app.inject({ url: '/api/admin/boss@clinic.test', headers: bearer(boss) });
    expect(res.json()).toEqual({ admin: true });

    const ann = await signUp(t);
    // Admins may ask about anyone; patients only about themselves.
    expect((await t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(boss) })).json()).toEqual({ admin: false });
    expect((await t.app.inject({ url: '/api/admin/boss@clinic.test', headers: bearer(ann) })).statusCode).toBe(403);

    // Promote Ann behind the API's back: her very next request sees it.
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, ann.email));
    expect((await t.app.inject({ url: `/api/admin/${ann.email}`, headers: bearer(ann) })).json()).toEqual({ admin: true });
  });
});
