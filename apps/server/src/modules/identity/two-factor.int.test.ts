/**
 * Two-step sign-in (Better Auth's twoFactor plugin, docs/decisions/013): turning it on with a
 * first code, sign-in then asking for a code or a single-use backup code before any session (so
 * any spec token) exists, and REQUIRE_ADMIN_2FA refusing admin routes to an admin without it.
 */
import { createHmac } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactors, users } from '../../db/schema.ts';
import {
  bearer,
  buildTestApp,
  signIn,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/helper.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 with SHA-1, 6 digits and 30-second steps, as authenticator apps compute it. */
function totp(key: Buffer, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/** A six-digit code no clock within a few steps of now accepts. */
function wrongCode(key: Buffer): string {
  const near = new Set([-2, -1, 0, 1, 2].map((step) => totp(key, Date.now() + step * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

function cookiesOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = response.headers['set-cookie'];
  return ([setCookie ?? []].flat() as string[])
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

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

    const verified = await post('/two-factor/verify-totp', { cookie }, { code: totp(key) });
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
      const verified = await post('/two-factor/verify-totp', { cookie }, { code: totp(key) });
      expect(verified.statusCode, verified.body).toBe(200);
      const token = await tokenStep('boss@clinic.test', cookiesOf(verified));
      expect(token.statusCode).toBe(200);
      const allowed = await t.app.inject({
        url: '/api/user',
        headers: bearer(token.json<{ token: string }>()),
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
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
