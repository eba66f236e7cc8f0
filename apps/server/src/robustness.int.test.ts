/**
 * Bad input gets a clear 4xx, never a 500: every API route from the server's own route table,
 * called as an admin (past every access check) with hostile path parameters and bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from './test/helper.ts';

const PARAMS = ['x', 'not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00', 'a'.repeat(400), '..%2F..%2Fetc%2Fpasswd', "'; DROP TABLE users; --", '%F0%9F%92%A5', 'ANN%40EXAMPLE.COM'];
const BODIES: (string | undefined)[] = [undefined, '', '{', '[]', 'null', '"text"', '{"email": 1, "date": [], "slot": {}, "treatmentId": null}', JSON.stringify({ date: '2030-02-30', slot: 'x'.repeat(5000), cardNumber: '4242'.repeat(100), name: '\u0000' })];

describe('no 5xx on bad input', () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password', AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' });
    admin = await signIn(t, 'boss@clinic.test', 'admin-password');
  });
  afterAll(() => t.close());

  it('answers every route with hostile parameters and bodies without a server error', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS'
        // Signing out would end the admin session the rest of this test uses.
        && !(r.method === 'POST' && r.url === '/api/auth/*'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      for (const param of PARAMS) {
        const url = route.url.replace(/:[a-zA-Z]+/g, param).replace('*', 'get-session') + (route.url === '/api/available' || route.url === '/api/booking' ? `?date=${param}&patient=${param}` : '');
        const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BODIES;
        for (const body of bodies) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...bearer(admin), origin: t.origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: body }),
          });
          if (res.statusCode >= 500) failures.push(`${route.method} ${url} ${body ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses text the database cannot store with a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'a@example.com', subject: 'nul', message: 'before\u0000after' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
