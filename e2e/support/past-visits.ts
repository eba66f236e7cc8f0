/**
 * Visits in the past, for the specs that need one (an outcome to record, a visit to review). No API
 * makes a booking in the past, and the shared server's embedded database belongs to its process:
 * these specs run a server of their own on a throwaway PostgreSQL (own-server.ts), book tomorrow or
 * later through the API, and move the booking back with SQL. The server and the browsers both
 * count days in UTC.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addDays, todayInZone } from '@clinic/shared';
import { test as base, expect } from './fixtures.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

export type Treatment = { _id: string; name: string; slots: string[] };
export type Booking = { _id: string; treatment: string; date: string; slot: string };

/**
 * The suite's test object on a server of the worker's own: `baseURL` is that server's. A spec
 * gives its server settings of its own with `test.use({ ownServerEnv: { ... } })`; specs whose
 * settings differ never share a worker, so never a server.
 */
export const test = base.extend<object, { ownServer: OwnServer; ownServerEnv: Record<string, string> }>({
  ownServerEnv: [{}, { option: true, scope: 'worker' }],
  ownServer: [
    async ({ ownServerEnv }, use) => {
      const server = await startOwnServer(ownServerEnv);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});
test.use({ timezoneId: 'UTC' });
export { expect };

/**
 * Another person's browser on the spec's server: a context of its own, with its console errors
 * collected (the suite's fixture watches only `page`).
 */
export async function pageOn(browser: Browser, baseURL: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, timezoneId: 'UTC', ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors, close: () => context.close() };
}

/** The bearer token a signed-in page keeps. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'the signed-in page keeps an access token').toBeTruthy();
  return token!;
}

/** Books the first treatment with a free slot, tomorrow or within the week after, with the patient's token. */
export async function bookSoon(request: APIRequestContext, token: string): Promise<Booking> {
  const headers = { Authorization: `Bearer ${token}` };
  const today = todayInZone(new Date(), 'UTC');
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = addDays(today, ahead);
    const available = await request.get(`/api/available?date=${day}`, { headers });
    expect(available.ok()).toBe(true);
    const treatment = ((await available.json()) as Treatment[]).find((t) => t.slots.length > 0);
    if (!treatment) continue;
    const created = await request.post('/api/booking', {
      headers,
      data: { treatmentId: treatment._id, treatment: treatment.name, date: day, slot: treatment.slots[0], phone: '' },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { booking: Booking }).booking;
  }
  throw new Error('no free slot in the coming week');
}

/** Moves a booking back to `to` (a day before today), times and all, as if it had been made for then. */
export async function moveIntoThePast(server: OwnServer, booking: Booking, to: string): Promise<Booking> {
  const days = (Date.parse(booking.date) - Date.parse(to)) / 86_400_000;
  const moved = await server.sql.query<{ date: string }>(
    `UPDATE bookings
        SET date = date - $2::int,
            starts_at = starts_at - make_interval(days => $2::int),
            ends_at = ends_at - make_interval(days => $2::int)
      WHERE id = $1
      RETURNING to_char(date, 'YYYY-MM-DD') AS date`,
    [booking._id, days],
  );
  expect(moved.rowCount).toBe(1);
  expect(moved.rows[0]!.date).toBe(to);
  // What the server does after a change of its own: every instance forgets both days' availability.
  await server.sql.query(`SELECT pg_notify('clinic_availability', $1), pg_notify('clinic_availability', $2)`, [
    booking.date,
    to,
  ]);
  return { ...booking, date: to };
}
