/**
 * Every date the API accepts is bounded: an anonymous request must never choose how long a loop
 * runs or how much a read caches. `GET /api/calendar?from=9999-12-31&to=9999-12-31` once looped
 * without end (a day after 9999-12-31 sorts before it as text) and took the server down.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from '../../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };

/** Dates at and past every edge: the first and last ISO years, a JavaScript Date's last year, days that do not exist. */
const EXTREMES = [
  '0001-01-01',
  '0099-12-31',
  '1899-12-31',
  '9999-12-31',
  '9999-12-30',
  '10000-01-01',
  '275760-09-13',
  '+275760-09-13',
  '2030-02-30',
  '2031-02-29',
  'Dec 31, 9999',
  'Jan 1, 0001',
  'Feb 30, 2030',
];

describe('dates at the edges', () => {
  let t: TestApp;
  let patient: TestUser;
  let adminToken: string;
  let treatmentId: string;

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW });
    patient = await signUp(t);
    adminToken = (await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).token;
    treatmentId = (await t.app.inject('/api/available?date=2030-06-06')).json<{ _id: string }[]>()[0]!._id;
  });
  afterAll(() => t?.close());

  /** Every route that takes a date, with the date in each of its date fields. */
  function requests(date: string) {
    const q = encodeURIComponent(date);
    const admin = { authorization: `Bearer ${adminToken}` };
    return [
      { method: 'GET' as const, url: `/api/calendar?from=${q}&to=${q}` },
      { method: 'GET' as const, url: `/api/calendar?from=2030-06-05&to=${q}` },
      { method: 'GET' as const, url: `/api/calendar?from=${q}&to=2030-06-30` },
      { method: 'GET' as const, url: `/api/available?date=${q}` },
      { method: 'GET' as const, url: `/api/availability?date=${q}&treatmentId=${treatmentId}`, headers: bearer(patient) },
      { method: 'GET' as const, url: `/api/admin/bookings?from=${q}&to=${q}`, headers: admin },
      { method: 'GET' as const, url: `/api/admin/bookings?from=2030-06-01&to=${q}`, headers: admin },
      { method: 'GET' as const, url: `/api/admin/bookings.csv?from=${q}&to=${q}`, headers: admin },
      { method: 'GET' as const, url: `/api/admin/schedule-exceptions?from=${q}&to=${q}`, headers: admin },
      {
        method: 'POST' as const,
        url: '/api/admin/schedule-exceptions',
        headers: { ...admin, origin: t.origin },
        payload: { dateFrom: date, dateTo: date, kind: 'closed', reason: 'edge' },
      },
      {
        method: 'POST' as const,
        url: '/api/waitlist',
        headers: { ...bearer(patient), origin: t.origin },
        payload: { treatmentId, from: date, to: date },
      },
      {
        method: 'POST' as const,
        url: '/api/booking',
        headers: { ...bearer(patient), origin: t.origin },
        payload: { treatmentId, date, slot: '08.00 AM - 08.30 AM', phone: '+1 555 0100' },
      },
    ];
  }

  it.each(EXTREMES)('answers %j with a 400 problem on every route that takes a date', async (date) => {
    for (const request of requests(date)) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(res.headers['content-type'], request.url).toMatch(/application\/problem\+json/);
      expect(res.json(), request.url).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('answers the public reads 400 for a day far outside the booking window, naming the days it may ask about', async () => {
    // The window is 2030-06-05 .. 2030-09-03; public reads may ask a month either side.
    for (const url of ['/api/available?date=2030-05-01', '/api/available?date=2031-06-05', '/api/calendar?from=2031-01-01&to=2031-01-31']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ detail: string }>().detail, url).toBe('Choose a day from 2030-05-05 to 2030-10-04.');
    }
    const availability = await t.app.inject({ url: `/api/availability?date=2030-12-24&treatmentId=${treatmentId}`, headers: bearer(patient) });
    expect(availability.statusCode).toBe(400);
    expect(availability.json()).toMatchObject({ errors: { date: ['Choose a day from 2030-05-05 to 2030-10-04'] } });
  });

  it('still answers the days at the window’s edges (a month view straddles them) with empty days', async () => {
    const first = await t.app.inject('/api/calendar?from=2030-06-01&to=2030-06-30');
    expect(first.statusCode).toBe(200);
    expect(first.json<{ date: string }[]>().map((d) => d.date)).toHaveLength(30);
    const last = await t.app.inject('/api/calendar?from=2030-09-01&to=2030-09-30');
    expect(last.statusCode).toBe(200);
    expect(last.json<{ date: string; free: number }[]>().filter((d) => d.date > '2030-09-03').every((d) => d.free === 0)).toBe(true);
    const past = await t.app.inject('/api/available?date=2030-05-05');
    expect(past.statusCode).toBe(200);
    expect(past.json<{ slots: string[] }[]>().every((x) => x.slots.length === 0)).toBe(true);
  });

  it('answers any date string on the public reads with a 200 or a 400, never anything else', async () => {
    const dateText = fc.oneof(
      fc.date({ min: new Date(-8_640_000_000_000_000), max: new Date(8_640_000_000_000_000), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(
        ([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      ),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(dateText, dateText, async (from, to) => {
        for (const url of [
          `/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
          `/api/available?date=${encodeURIComponent(from)}`,
        ]) {
          const res = await t.app.inject(url);
          expect([200, 400], `${url}: ${res.body}`).toContain(res.statusCode);
        }
      }),
      { numRuns: 150, seed: 20261127 },
    );
  });
});
