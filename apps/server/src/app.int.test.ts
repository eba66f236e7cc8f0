import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/helper.ts';

describe('the HTTP shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database and the payment mode in use', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DB, payments: 'test' });
  });

  it('gives unknown API routes a problem+json 404', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not Found' });
  });

  it('renders malformed JSON as a 400 problem, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('puts security headers and a CSP without inline script on every response', async () => {
    for (const url of ['/api/health', '/api/missing', '/login', '/api/docs/']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
      expect(scriptSrc, url).toBe("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Plain-http installations must not have their own assets upgraded to https.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/user/{email}', '/api/admin/{email}', '/api/contact']),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'clinic-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Doctors Portal</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // Stand-ins for the build's compressed copies (scripts/compress-dist.ts): told apart by content.
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), 'brotli bytes');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), 'gzip bytes');
    mkdirSync(path.join(dist, 'pages'));
    writeFileSync(path.join(dist, 'pages', 'login.html'), '<!doctype html><title>Doctors Portal</title><link rel="modulepreload" href="/assets/login-1.js">');
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('falls back to index.html for app routes', async () => {
    for (const url of ['/', '/dashboard/payment/42', '/login?from=x']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Doctors Portal</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("sends a route the build made a page for that page, with the route's code announced", async () => {
    const login = await t.app.inject('/login?from=%2Fappointment');
    expect(login.body).toContain('href="/assets/login-1.js"');
    expect(login.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/register', '/login/extra', '/dashboard']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('preload');
    }
  });

  it('serves fingerprinted assets as immutable and a missing asset as a 404', async () => {
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('sends the compressed copy the browser accepts, and the file itself to one that accepts none', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes');
    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});

describe('the Content-Security-Policy with Stripe configured', () => {
  it('allows Stripe.js and its frames, and still no inline script', async () => {
    const t = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    try {
      const csp = String((await t.app.inject('/api/health')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com;");
      expect(csp).toContain('frame-src');
      expect(csp).toContain('https://api.stripe.com');
      expect(csp).not.toContain('unsafe-inline\'; script');
    } finally {
      await t.close();
    }
  });
});
