/**
 * What the server serves under /api/auth: only the Better Auth endpoints the product uses, and
 * only under the one spelling of their path that every check (limits, this allowlist) and
 * Better Auth agree on.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { testMailService, bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from '../../test/helper.ts';
import { createAuth } from './auth.ts';
import { servedAuthEndpoints } from './auth-endpoints.ts';

/**
 * Every endpoint Better Auth mounts that the product does not use, each refused on purpose.
 * A Better Auth upgrade that mounts a new endpoint fails the test below until it is listed
 * here (or, if the product starts to use it, served in auth-endpoints.ts).
 */
const REFUSED = [
  'GET /get-session', 'POST /get-session', 'POST /verify-password',
  'POST /send-verification-email', 'POST /update-session',
  'POST /update-user', 'POST /delete-user', 'GET /reset-password/:token',
  'POST /revoke-session', 'POST /revoke-sessions',
  'POST /link-social', 'GET /list-accounts', 'GET /delete-user/callback', 'POST /unlink-account',
  'POST /refresh-token', 'POST /get-access-token', 'GET /account-info', 'GET /ok',
  // The admin plugin: the product's own admin routes (modules/users) do this with its rules and audit.
  'POST /admin/set-role', 'GET /admin/get-user', 'POST /admin/create-user', 'POST /admin/update-user',
  'GET /admin/list-users', 'POST /admin/list-user-sessions', 'POST /admin/unban-user', 'POST /admin/ban-user',
  'POST /admin/impersonate-user', 'POST /admin/stop-impersonating', 'POST /admin/revoke-user-session',
  'POST /admin/revoke-user-sessions', 'POST /admin/remove-user', 'POST /admin/set-user-password',
  'POST /admin/has-permission',
  // Two-step sign-in by mailed codes, and re-showing the authenticator link, are not used.
  'POST /two-factor/get-totp-uri', 'POST /two-factor/send-otp', 'POST /two-factor/verify-otp',
  // The OAuth callback answers any provider id; only Google's is served, and only by GET.
  'POST /callback/:id',
];

/** A stand-in for Google's OpenID discovery document, so Google sign-in can be switched on. */
async function startDiscoveryStub(): Promise<{ issuer: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/me`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every `METHOD path` Better Auth's router mounts for this configuration. */
function mountedEndpoints(auth: ReturnType<typeof createAuth>): string[] {
  const mounted = new Set<string>();
  for (const endpoint of Object.values(auth.api) as { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } }[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    for (const method of [endpoint.options?.method ?? []].flat()) {
      // Better Auth's router serves a `*` endpoint under both methods.
      for (const m of method === '*' ? ['GET', 'POST'] : [method]) mounted.add(`${m} ${endpoint.path}`);
    }
  }
  return [...mounted].sort();
}

describe('Better Auth endpoints', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startDiscoveryStub>>;
  let admin: TestUser | Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    google = await startDiscoveryStub();
    t = await buildTestApp({
      ADMIN_EMAIL: 'boss@clinic.test',
      ADMIN_PASSWORD: 'admin-password',
      GOOGLE_CLIENT_ID: 'clinic-client',
      GOOGLE_CLIENT_SECRET: 'clinic-secret',
      GOOGLE_ISSUER: google.issuer,
    });
    admin = await signIn(t, 'boss@clinic.test', 'admin-password');
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const served = () => servedAuthEndpoints({ google: true }).map((e) => `${e.method} ${e.path}`);

  it('knows every endpoint Better Auth mounts: served, or refused on purpose', () => {
    const auth = createAuth(t.config, t.db, testMailService(t.config));
    const mounted = mountedEndpoints(auth);
    // `GET /callback/:id` is served for the one provider id there is.
    const known = new Set([...served().map((e) => e.replace('/callback/google', '/callback/:id')), ...REFUSED]);
    expect(mounted.filter((e) => !known.has(e)), 'mounted by Better Auth, neither served nor refused').toEqual([]);
    expect([...known].filter((e) => !mounted.includes(e)), 'listed here, no longer mounted').toEqual([]);
  });

  it('answers 404 to every other endpoint, even for an admin, and changes nothing', async () => {
    const patient = await signUp(t);
    const [row] = await t.db.select().from(users).where(eq(users.email, patient.email));
    const failures: string[] = [];
    for (const endpoint of REFUSED) {
      const [method, path] = endpoint.split(' ') as ['GET' | 'POST', string];
      const res = await t.app.inject({
        method,
        url: `/api/auth${path.replace(/:[a-z]+/g, 'google')}`,
        headers: { ...bearer(admin), origin: t.origin },
        ...(method === 'POST'
          ? { payload: { userId: row!.id, role: 'admin', newPassword: 'taken-over', name: 'Changed', email: 'new@example.com', password: 'x-password' } }
          : {}),
      });
      if (res.statusCode !== 404 || res.json().code !== 'not_found') failures.push(`${endpoint} -> ${res.statusCode}`);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(failures).toEqual([]);
    const [after] = await t.db.select().from(users).where(eq(users.id, row!.id));
    expect(after).toMatchObject({ role: 'user', name: patient.name, email: patient.email });
    // The patient's password still works: set-user-password did nothing.
    await signIn(t, patient.email, patient.password);
  });

  it('serves what the product uses: sign-up, sign-in, sign-out and Google sign-in', async () => {
    const ann = await signUp(t);
    await signIn(t, ann.email, ann.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(ann), payload: {} });
    expect(out.statusCode).toBe(200);
    const social = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.origin },
      payload: { provider: 'google', callbackURL: '/login?google=done' },
    });
    expect(social.statusCode).toBe(200);
    expect(social.json().url).toMatch(new RegExp(`^${google.issuer}/auth\\?`));
    // Google's callback is served (here without a flow behind it: an error redirect, not a 404).
    const callback = await t.app.inject({ url: '/api/auth/callback/google?code=x&state=y' });
    expect(callback.statusCode).toBe(302);
  });

  it('does not serve Google sign-in when Google is not configured', async () => {
    const plain = await buildTestApp();
    try {
      for (const [method, url] of [['POST', '/api/auth/sign-in/social'], ['GET', '/api/auth/callback/google']] as const) {
        const res = await plain.app.inject({ method, url, headers: { origin: plain.origin }, ...(method === 'POST' ? { payload: { provider: 'google' } } : {}) });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });
});

/** Sends `path` exactly as written: Fastify's `inject` and `fetch` would remove the dot segments first. */
function rawPost(port: number, path: string, body: unknown): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('the path of an auth request', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const VARIANTS = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/%2E/sign-in/email',
    '/api/auth/x/%2e%2e/sign-in/email',
    '/api/auth/x/%2E%2E/sign-in/email',
    '/api/auth/x/.%2E/sign-in/email',
    '/api/auth/sign-up/../sign-in/email',
    '/api/auth/sign-in/../sign-up/email',
    '/api/auth//sign-in/email',
    '/api/auth/sign-in/%65mail',
    '/api/auth/sign-in\\email',
  ];

  it('refuses every other spelling of a path with a 400, before any password is checked', async () => {
    const victim = await signUp(t, { password: 'right-password' });
    for (const path of VARIANTS) {
      for (let i = 0; i < 5; i++) {
        const res = await rawPost(port, path, { email: victim.email, password: `wrong-${i}`, name: 'Mallory' });
        expect(res.status, `${path} #${i}`).toBe(400);
        expect(res.type).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(res.body)).toMatchObject({ code: 'validation_failed' });
      }
    }
    // The plain path is the only way in, and it is the one that counts.
    const plain = [];
    for (let i = 0; i < 4; i++) plain.push((await rawPost(port, '/api/auth/sign-in/email', { email: victim.email, password: 'wrong' })).status);
    expect(plain).toEqual([401, 401, 401, 429]);
  });
});
