/**
 * Two-step sign-in (Better Auth's twoFactor plugin, docs/decisions/013): turning it on with a
 * first code, sign-in then asking for a code or a single-use backup code before any session (so
 * any spec token) exists, and REQUIRE_ADMIN_2FA refusing admin routes to an admin without it.
 */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '@clinic/shared';
import { sessions, twoFactors, users } from '../../db/schema.ts';
import {
  bearer,
  buildTestApp,
  createBooking,
  signIn,
  signUp,
  treatmentsOn,
  type TestApp,
  type TestUser,
} from '../../test/helper.ts';
import { base32Decode, cookiesOf, nextTotp, totp, wrongCode } from '../../test/two-factor.ts';

describe('two-step sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      ADMIN_EMAIL: 'boss@clinic.test',
      ADMIN_PASSWORD: 'admin-password',
      REQUIRE_ADMIN_2FA: 'true',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_FAILURES_PER_IP: '1000',
    });
  });
  afterAll(() => t.close());

  const post = (url: string, headers: InjectOptions['headers'], payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth${url}`,
      headers: { origin: t.origin, ...headers },
      payload,
    });

  /** Turns two-step sign-in on as the Security page does; returns the app's key and backup codes. */
  async function enrol(user: { token: string; password: string }) {
    const enabled = await post('/two-factor/enable', bearer(user), { password: user.password });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Doctors Portal');
    const key = base32Decode(uri.searchParams.get('secret')!);
    const confirmed = await post('/two-factor/verify-totp', bearer(user), { code: totp(key) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { key, backupCodes, cookie: cookiesOf(confirmed) };
  }

  /** The password step of a sign-in: the answer and the challenge cookie it sets. */
  async function passwordStep(email: string, password: string) {
    const res = await post('/sign-in/email', {}, { email, password });
    return { res, cookie: cookiesOf(res) };
  }

  /** The spec's token step (PUT /api/user/:email) with the cookies a sign-in ended with. */
  async function tokenStep(email: string, cookie: string) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(email)}`,
      headers: { cookie, origin: t.origin },
      payload: { email },
    });
  }

  it('turns on with a first code from the app, and sign-in then needs the code before any session exists', async () => {
    const ann = await signUp(t);
    const before = await t.app.inject({ url: '/api/me', headers: bearer(ann) });
    expect(before.json()).toMatchObject({ user: { twoFactorEnabled: false } });

    // Asked for before the first code, it is not on yet: the password alone still signs in.
    const started = await post('/two-factor/enable', bearer(ann), { password: ann.password });
    expect(started.statusCode).toBe(200);
    const [pending] = await t.db.select().from(users).where(eq(users.email, ann.email));
    expect(pending!.twoFactorEnabled).toBe(false);

    const { key } = await enrol(ann);
    const [row] = await t.db.select().from(users).where(eq(users.email, ann.email));
    expect(row!.twoFactorEnabled).toBe(true);
    const [stored] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, row!.id));
    // Kept encrypted, not as the key the app was given.
    expect(stored!.secret).not.toContain(key.toString('latin1'));
    expect(stored!.verified).toBe(true);

    const { res, cookie } = await passwordStep(ann.email, ann.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(res.headers['set-auth-token']).toBeUndefined();
    // No session yet: the spec's token step refuses the half-signed-in browser.
    expect((await tokenStep(ann.email, cookie)).statusCode).toBe(401);

    // The next step's code: enrolment used this step's, and a code is good once.
    const verified = await post('/two-factor/verify-totp', { cookie }, { code: nextTotp(key) });
    expect(verified.statusCode, verified.body).toBe(200);
    const token = await tokenStep(ann.email, cookiesOf(verified));
    expect(token.statusCode, token.body).toBe(200);
    const me = await t.app.inject({
      url: '/api/me',
      headers: bearer(token.json<{ token: string }>()),
    });
    expect(me.json()).toMatchObject({ user: { email: ann.email, twoFactorEnabled: true } });
  });

  it('refuses a wrong code, and keeps refusing once an account has failed too often', async () => {
    const bob = await signUp(t);
    const { key } = await enrol(bob);
    const { cookie } = await passwordStep(bob.email, bob.password);
    const wrong = await post('/two-factor/verify-totp', { cookie }, { code: wrongCode(key) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(wrong.json()).toMatchObject({ code: 'auth_failed' });
    expect(cookiesOf(wrong)).not.toMatch(/session_token/);

    // Failures count per account in the sign-in limits: after the free ones, a wait.
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const again = await passwordStep(bob.email, bob.password);
      const res = await post(
        '/two-factor/verify-totp',
        { cookie: again.cookie },
        { code: wrongCode(key) },
      );
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('accepts a backup code once and only once', async () => {
    const cy = await signUp(t);
    const { backupCodes } = await enrol(cy);
    expect(backupCodes).toHaveLength(10);
    // Without look-alike characters (backup-codes.ts), as they are written down and typed.
    for (const backupCode of backupCodes) expect(backupCode).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const code = backupCodes[0]!;

    const first = await passwordStep(cy.email, cy.password);
    const used = await post('/two-factor/verify-backup-code', { cookie: first.cookie }, { code });
    expect(used.statusCode, used.body).toBe(200);
    expect((await tokenStep(cy.email, cookiesOf(used))).statusCode).toBe(200);

    const second = await passwordStep(cy.email, cy.password);
    const reused = await post(
      '/two-factor/verify-backup-code',
      { cookie: second.cookie },
      { code },
    );
    expect(reused.statusCode).toBe(401);
    const other = await post(
      '/two-factor/verify-backup-code',
      { cookie: second.cookie },
      { code: backupCodes[1]! },
    );
    expect(other.statusCode, other.body).toBe(200);
  });

  it('turns off with the password only, and the password alone signs in again', async () => {
    const dee = await signUp(t);
    const { cookie } = await enrol(dee);
    const wrong = await post('/two-factor/disable', { cookie }, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    const off = await post('/two-factor/disable', { cookie }, { password: dee.password });
    expect(off.statusCode, off.body).toBe(200);
    const again = await signIn(t, dee.email, dee.password);
    expect(again.token).toMatch(/\./);
  });

  /** A full sign-in with the password and `code`: the session's bearer token, or the refusal. */
  async function signInWithCode(email: string, password: string, code: string) {
    const { cookie } = await passwordStep(email, password);
    const verified = await post('/two-factor/verify-totp', { cookie }, { code });
    if (verified.statusCode !== 200) return { refused: verified };
    const token = await tokenStep(email, cookiesOf(verified));
    expect(token.statusCode, token.body).toBe(200);
    return { token: token.json<{ token: string }>().token };
  }

  it('accepts an authenticator code once: the same code does not sign in again within its window', async () => {
    const fay = await signUp(t);
    const { key } = await enrol(fay);
    const code = nextTotp(key);
    expect((await signInWithCode(fay.email, fay.password, code)).token).toMatch(/\./);

    const replayed = await signInWithCode(fay.email, fay.password, code);
    expect(replayed.refused?.statusCode).toBe(401);
    expect(replayed.refused?.json()).toMatchObject({
      code: 'auth_failed',
      providerCode: 'TOTP_CODE_USED',
      detail: 'This code has already been used. Wait for the next code from your app.',
    });
    expect(cookiesOf(replayed.refused!)).not.toMatch(/session_token/);
    // An earlier step's code, still inside the window, is refused too.
    expect((await signInWithCode(fay.email, fay.password, totp(key))).refused?.statusCode).toBe(401);
  });

  it('lets only one of two simultaneous sign-ins with the same code through', async () => {
    const gus = await signUp(t);
    const { key } = await enrol(gus);
    const [first, second] = await Promise.all([passwordStep(gus.email, gus.password), passwordStep(gus.email, gus.password)]);
    const code = nextTotp(key);
    const answers = await Promise.all(
      [first!, second!].map(({ cookie }) => post('/two-factor/verify-totp', { cookie }, { code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    // The account's code is not another's: a second account signs in with its own at once.
    const hal = await signUp(t);
    const other = await enrol(hal);
    expect((await signInWithCode(hal.email, hal.password, nextTotp(other.key))).token).toMatch(/\./);
  });

  it('does not serve the mailed-code variant or re-show the app link', async () => {
    const eve = await signUp(t);
    for (const path of [
      '/two-factor/send-otp',
      '/two-factor/verify-otp',
      '/two-factor/get-totp-uri',
    ]) {
      const res = await post(path, bearer(eve), { password: eve.password, code: '123456' });
      expect(res.statusCode, path).toBe(404);
    }
  });

  describe('REQUIRE_ADMIN_2FA', () => {
    let admin: TestUser | Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      admin = await signIn(t, 'boss@clinic.test', 'admin-password');
    });

    it('refuses admin routes to an admin without two-step sign-in, and opens them after enrolment', async () => {
      const refused = await t.app.inject({ url: '/api/user', headers: bearer(admin) });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({ status: 403, code: 'two_factor_required' });
      // Not an admin route: the admin can still see who they are and turn it on.
      expect((await t.app.inject({ url: '/api/me', headers: bearer(admin) })).statusCode).toBe(200);

      const { key } = await enrol({ ...admin, password: 'admin-password' });
      // Turning it on replaced the session; the admin signs in again, now with a code.
      const { res, cookie } = await passwordStep('boss@clinic.test', 'admin-password');
      expect(res.json()).toMatchObject({ twoFactorRedirect: true });
      const verified = await post('/two-factor/verify-totp', { cookie }, { code: nextTotp(key) });
      expect(verified.statusCode, verified.body).toBe(200);
      const token = await tokenStep('boss@clinic.test', cookiesOf(verified));
      expect(token.statusCode).toBe(200);
      const allowed = await t.app.inject({
        url: '/api/user',
        headers: bearer(token.json<{ token: string }>()),
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
    });

    /** A booking of `patient`'s on a day a few days from now (the clock is not pinned here). */
    async function bookingOf(patient: TestUser) {
      for (let ahead = 2; ahead < 30; ahead++) {
        const date = addDays(todayInZone(new Date(), 'UTC'), ahead);
        const treatment = (await treatmentsOn(t, date)).find((x) => x.slots.length > 0);
        if (treatment) return createBooking(t, patient, { treatmentId: treatment._id, date, slot: treatment.slots[0]! });
      }
      throw new Error('no free slot in the next four weeks');
    }

    /** A patient's account made an admin by the database, signed in with its password only. */
    async function passwordOnlyAdmin() {
      const admin = await signUp(t);
      await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
      return admin;
    }

    const read = (url: string, who: { token: string }) => t.app.inject({ url, headers: bearer(who) });

    it("holds an admin without two-step sign-in to a patient's access wherever the role widens it", async () => {
      const patient = await signUp(t);
      const booking = await bookingOf(patient);
      const admin = await passwordOnlyAdmin();

      expect((await read('/api/user', admin)).json()).toMatchObject({ status: 403, code: 'two_factor_required', twoFactorEnabled: false });
      // As a patient is answered: someone else's booking does not exist, their list is refused.
      expect((await read(`/api/booking/${booking._id}`, admin)).statusCode).toBe(404);
      expect((await read(`/api/booking?patient=${encodeURIComponent(patient.email)}`, admin)).statusCode).toBe(403);
      expect((await read(`/api/admin/${encodeURIComponent(patient.email)}`, admin)).statusCode).toBe(403);
      // About itself, the account is still told it is an admin: its admin pages say what to do.
      expect((await read(`/api/admin/${encodeURIComponent(admin.email)}`, admin)).json()).toEqual({ admin: true });

      // Signed in with a code, the same account is an admin everywhere.
      const { key } = await enrol(admin);
      const signedIn = await signInWithCode(admin.email, admin.password, nextTotp(key));
      const withCode = { token: signedIn.token! };
      expect((await read(`/api/booking/${booking._id}`, withCode)).statusCode).toBe(200);
      const list = await read(`/api/booking?patient=${encodeURIComponent(patient.email)}`, withCode);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ _id: string }[]>().map((b) => b._id)).toContain(booking._id);
      expect((await read('/api/user', withCode)).statusCode).toBe(200);
    });

    it('counts only a session whose sign-in passed the second factor', async () => {
      const admin = await passwordOnlyAdmin();
      // Signed in on a laptop with the password, then two-step sign-in turned on from the phone:
      // the laptop's session was never asked for a code.
      const laptop = await signIn(t, admin.email, admin.password);
      const { key } = await enrol(admin);
      const [row] = await t.db.select().from(users).where(eq(users.email, admin.email));
      expect(row!.twoFactorEnabled).toBe(true);

      const refused = await read('/api/user', laptop);
      expect(refused.json()).toMatchObject({
        code: 'two_factor_required',
        detail: 'Admin pages need a sign-in with your authenticator code. Sign out, then sign in again with your password and code.',
        twoFactorEnabled: true,
      });
      const patient = await signUp(t);
      expect((await read(`/api/booking?patient=${encodeURIComponent(patient.email)}`, laptop)).statusCode).toBe(403);

      const withCode = await signInWithCode(admin.email, admin.password, nextTotp(key));
      expect((await read('/api/user', { token: withCode.token! })).statusCode).toBe(200);
      const marked = await t.db.select({ verified: sessions.secondFactorVerified }).from(sessions).where(eq(sessions.userId, row!.id));
      expect(marked.map((m) => m.verified).sort()).toEqual([false, true, true]);
    });

    it('leaves patients as they were', async () => {
      const patient = await signUp(t);
      expect(
        (await t.app.inject({ url: '/api/user', headers: bearer(patient) })).json(),
      ).toMatchObject({
        code: 'forbidden',
      });
      expect(
        (
          await t.app.inject({
            url: `/api/booking?patient=${patient.email}`,
            headers: bearer(patient),
          })
        ).statusCode,
      ).toBe(200);
    });
  });
});
