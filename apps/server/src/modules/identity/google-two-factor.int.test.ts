/**
 * Google sign-in and two-step sign-in, against the local OpenID provider the browser suite uses
 * for Google (npm oidc-provider, its own login and consent pages driven over HTTP here): an
 * account with two-step sign-in on gets no session from Google's callback, only the way back to
 * the password and code (docs/decisions/024).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcProvider, OIDC_CLIENT } from '../../../../../e2e/support/oidc-provider.ts';
import { sessions, users } from '../../db/schema.ts';
import { bearer, buildTestApp, signUp, type TestApp, type TestUser } from '../../test/helper.ts';
import { base32Decode, cookiesOf, totp } from '../../test/two-factor.ts';

/** The provider's cookies, kept across its redirects as a browser would. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The provider's form on an interaction page: where it posts, and its hidden fields. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 200)}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[name!] = value!;
  return { action: action.replaceAll('&amp;', '&'), fields };
}

describe('Google sign-in with two-step sign-in', () => {
  let t: TestApp;
  let server: Server;
  let issuer: string;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = createOidcProvider(issuer, ['http://127.0.0.1:3000/api/auth/callback/google']);
    server.on('request', provider.callback());
    t = await buildTestApp({
      GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
      GOOGLE_ISSUER: issuer,
      REQUIRE_ADMIN_2FA: 'true',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_FAILURES_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * "Continue with Google" as `login`, through the provider's login and consent pages, up to the
   * app's answer to Google's callback.
   */
  async function continueWithGoogle(login: string) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.origin },
      payload: { provider: 'google', callbackURL: '/login?google=done', errorCallbackURL: '/login?google=failed' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const appCookies = cookiesOf(started);
    const jar = new CookieJar();
    let next = new URL(started.json<{ url: string }>().url);
    let body: { method: 'POST'; form: Record<string, string> } | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (next.origin === t.origin) {
        const callback = await t.app.inject({ url: `${next.pathname}${next.search}`, headers: { cookie: appCookies } });
        return callback;
      }
      const res = await fetch(next, {
        method: body?.method ?? 'GET',
        redirect: 'manual',
        headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: body ? new URLSearchParams(body.form).toString() : undefined,
      });
      jar.take(res);
      body = undefined;
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next);
        continue;
      }
      const html = await res.text();
      const { action, fields } = formOf(html);
      const form = fields.prompt === 'login' ? { ...fields, login, password: 'any-password' } : fields;
      next = new URL(action, next);
      body = { method: 'POST', form };
    }
    throw new Error('the provider never sent the browser back to the app');
  }

  const sessionsOf = async (email: string) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
  };

  /** The spec's token step with the cookies the callback left. */
  const tokenStep = (email: string, cookie: string) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${encodeURIComponent(email)}`, headers: { cookie, origin: t.origin }, payload: { email } });

  async function withTwoFactor(patient: TestUser) {
    const enabled = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', headers: { ...bearer(patient), origin: t.origin }, payload: { password: patient.password } });
    const key = base32Decode(new URL(enabled.json<{ totpURI: string }>().totpURI).searchParams.get('secret')!);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', headers: { ...bearer(patient), origin: t.origin }, payload: { code: totp(key) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it('signs in an account without two-step sign-in as before', async () => {
    const email = `gina-${Date.now()}@example.com`;
    const callback = await continueWithGoogle(email);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?google=done');
    expect((await tokenStep(email, cookiesOf(callback))).statusCode).toBe(200);
  });

  it('makes no session for an account with two-step sign-in on, and sends the browser back to the password and code', async () => {
    // A password account whose owner confirmed the address, so Google links to it (decision 004).
    const patient = await signUp(t, { email: `linda-${Date.now()}@example.com` });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, patient.email));
    await withTwoFactor(patient);
    const before = (await sessionsOf(patient.email)).map((s) => s.id);

    const callback = await continueWithGoogle(patient.email);
    expect(callback.statusCode).toBe(302);
    const landed = new URL(callback.headers.location!, t.origin);
    expect(landed.pathname).toBe('/login');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      google: 'failed',
      error: 'two_factor_required',
      error_description: 'This account uses two-step sign-in. Sign in with your email, password and the code from your app.',
    });
    expect(callback.headers['set-auth-token']).toBeUndefined();
    // No session was left behind, and the browser holds none.
    expect((await sessionsOf(patient.email)).map((s) => s.id)).toEqual(before);
    expect((await tokenStep(patient.email, cookiesOf(callback))).statusCode).toBe(401);
  });
});
