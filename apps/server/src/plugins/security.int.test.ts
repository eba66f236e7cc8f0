/**
 * The same-origin check on cookie-carrying writes, and the headers every response carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUp, type TestApp, type TestUser } from '../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';

describe('cross-site writes that carry a cookie', () => {
  let t: TestApp;
  let ann: TestUser;
  let treatments: { _id: string; slots: string[] }[];
  // A treatment per attempt: a refused attempt must not be a conflict with an earlier one.
  let next = 0;
  const bookingBody = () => {
    const treatment = treatments[next++ % treatments.length]!;
    return { treatmentId: treatment._id, date: DAY, slot: treatment.slots[0] };
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
    ann = await signUp(t);
    treatments = (await t.app.inject(`/api/available?date=${DAY}`)).json();
  });
  afterAll(() => t.close());

  it('refuses a foreign Origin even when an Authorization header rides along', async () => {
    for (const authorization of ['Bearer junk', `Bearer ${ann.token}`, 'Basic Zm9vOmJhcg==']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: { cookie: ann.cookie, origin: 'http://evil.example', authorization },
        payload: bookingBody(),
      });
      expect(res.statusCode, authorization).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('refuses a cross-site or same-site write without an Origin, by its Sec-Fetch-Site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: { cookie: ann.cookie, 'sec-fetch-site': site, authorization: 'Bearer junk' },
        payload: bookingBody(),
      });
      expect(res.statusCode, site).toBe(403);
    }
  });

  it('lets our own pages write with the cookie, and bearer-only clients from anywhere', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { cookie: ann.cookie, origin: t.origin, 'sec-fetch-site': 'same-origin', authorization: 'Bearer junk' },
      payload: bookingBody(),
    });
    expect(own.statusCode).toBe(201);
    const bearerOnly = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...bearer(ann), origin: 'http://elsewhere.example' },
      payload: bookingBody(),
    });
    expect(bearerOnly.statusCode).toBe(201);
    // Reads are never refused: the browser does not let another site see the answer.
    const read = await t.app.inject({ url: `/api/booking?patient=${ann.email}`, headers: { cookie: ann.cookie, origin: 'http://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it("does not stand in the way of Stripe's webhook, which carries no cookie", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    // Not configured in this app: the route's own 404, not the origin check's 403.
    expect(res.statusCode).toBe(404);
  });
});

describe('Permissions-Policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('turns off the browser features the site never uses, on every response', async () => {
    for (const url of ['/api/health', '/api/missing', '/login']) {
      const policy = String((await t.app.inject(url)).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(policy, url).toContain(feature);
      }
    }
  });
});

describe('Permissions-Policy with Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
  });
  afterAll(() => t.close());

  it("keeps payment open to Stripe's frames", async () => {
    const policy = String((await t.app.inject('/api/health')).headers['permissions-policy']);
    expect(policy).toContain('payment=(self "https://js.stripe.com")');
    expect(policy).toContain('camera=()');
  });
});
