/**
 * The front desk records what happened at a past appointment: on All Appointments the admin goes
 * back to yesterday, finds the patient's booking, marks it a no-show (it stays one after a
 * reload), then corrects it to completed; the patient's My Appointments shows each outcome.
 *
 * No API makes a booking in the past, and the shared server's embedded database belongs to its
 * process: this spec runs a server of its own on a throwaway PostgreSQL (support/own-server.ts),
 * books tomorrow or later through the API, and moves the booking to yesterday with SQL. The
 * server and the browser both count days in UTC.
 */
import type { Browser, Page } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone } from '@clinic/shared';
import { signUpThroughUi, uniquePatient } from './support/auth.ts';
import { test as base, expect } from './support/fixtures.ts';
import { OWN_ADMIN, startOwnServer, type OwnServer } from './support/own-server.ts';

type Treatment = { _id: string; name: string; slots: string[] };
type Booking = { _id: string; treatment: string; date: string; slot: string };

const test = base.extend<object, { ownServer: OwnServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for.
    async ({}, use) => {
      const server = await startOwnServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});
test.use({ timezoneId: 'UTC' });

/** The patient's own browser: a context of its own, with its console errors collected. */
async function patientPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, timezoneId: 'UTC' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors, close: () => context.close() };
}

/** Books the first treatment with a free slot, tomorrow or within the week after, with the patient's token. */
async function bookSoon(page: Page): Promise<Booking> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'the signed-in page keeps an access token').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const today = todayInZone(new Date(), 'UTC');
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = addDays(today, ahead);
    const available = await page.request.get(`/api/available?date=${day}`, { headers });
    expect(available.ok()).toBe(true);
    const treatment = ((await available.json()) as Treatment[]).find((t) => t.slots.length > 0);
    if (!treatment) continue;
    const created = await page.request.post('/api/booking', {
      headers,
      data: { treatmentId: treatment._id, treatment: treatment.name, date: day, slot: treatment.slots[0], phone: '' },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { booking: Booking }).booking;
  }
  throw new Error('no free slot in the coming week');
}

/** Moves a booking `days` back, times and all, as if it had been made for then. */
async function moveIntoThePast(server: OwnServer, booking: Booking, days: number) {
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
  // What the server does after a change of its own: every instance forgets both days' availability.
  await server.sql.query(`SELECT pg_notify('clinic_availability', $1), pg_notify('clinic_availability', $2)`, [
    booking.date,
    moved.rows[0]!.date,
  ]);
  return moved.rows[0]!.date;
}

/** All Appointments on the day before today, narrowed to one patient by the search. */
async function showYesterday(page: Page, yesterday: string, email: string) {
  const today = todayInZone(new Date(), 'UTC');
  await expect(page.getByRole('heading', { name: `Appointments on ${formatMediumDate(today)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByRole('heading', { name: `Appointments on ${formatMediumDate(yesterday)}` })).toBeVisible();
  // Only once the searched list has arrived: until then the day's list stays on screen (dimmed),
  // and a mark made meanwhile is lost from view: the search's answer, read before the mark, is
  // shown, and the invalidation after the mark joins that fetch instead of asking again.
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/admin/bookings?') && new URL(r.url()).searchParams.get('q') === email,
  );
  await page.getByLabel('Search').fill(email);
  expect((await searched).ok()).toBe(true);
  await expect(page.getByRole('table', { name: `Appointments on ${formatMediumDate(yesterday)}` })).not.toHaveAttribute('aria-busy');
  await expect(page.getByText('1 appointment shown')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test('the front desk marks a past appointment a no-show, then corrects it to completed', async ({
  page,
  browser,
  ownServer,
}) => {
  test.setTimeout(60_000);
  const today = todayInZone(new Date(), 'UTC');
  const yesterday = addDays(today, -1);

  // A patient books through the API; the booking is then moved to yesterday.
  const patient = await patientPage(browser, ownServer.baseURL);
  const who = await signUpThroughUi(patient.page, uniquePatient('outcome'));
  const booked = await bookSoon(patient.page);
  const ahead = (Date.parse(booked.date) - Date.parse(today)) / 86_400_000;
  expect(await moveIntoThePast(ownServer, booked, ahead + 1)).toBe(yesterday);

  // The admin signs in and opens All Appointments on yesterday.
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWN_ADMIN.email);
  await page.getByLabel('Password').fill(OWN_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/all-appointments');
  let row = await showYesterday(page, yesterday, who.email);
  await expect(row).toContainText(booked.slot);
  await expect(row).toContainText(booked.treatment);
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();

  // No-show: the badge changes, the buttons follow, and it survives a reload.
  await row.getByRole('button', { name: /^Mark no-show: / }).click();
  await expect(page.getByText(`${who.name}'s appointment marked as a no-show`)).toBeVisible();
  await expect(row.getByText('No-show', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Mark no-show: / })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^(Cancel|Reschedule): / })).toHaveCount(0);
  await page.reload();
  row = await showYesterday(page, yesterday, who.email);
  await expect(row.getByText('No-show', { exact: true })).toBeVisible();

  // The patient's list says so.
  await patient.page.goto('/dashboard');
  const own = patient.page.getByRole('row').filter({ hasText: formatMediumDate(yesterday) });
  await expect(own).toHaveCount(1);
  await expect(own).toContainText(booked.slot);
  await expect(own.getByText('No-show', { exact: true })).toBeVisible();
  await expect(own.getByRole('link', { name: 'pay' })).toHaveCount(0);

  // The correction: completed.
  await row.getByRole('button', { name: /^Mark completed: / }).click();
  await expect(page.getByText(`${who.name}'s appointment marked completed`)).toBeVisible();
  await expect(row.getByText('Completed', { exact: true })).toBeVisible();
  await expect(row.getByText('No-show', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Mark completed: / })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Mark no-show: / })).toBeVisible();
  await page.reload();
  row = await showYesterday(page, yesterday, who.email);
  await expect(row.getByText('Completed', { exact: true })).toBeVisible();

  // What the server holds, and the patient's list again.
  const stored = await ownServer.sql.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [booked._id]);
  expect(stored.rows[0]!.status).toBe('completed');
  await patient.page.reload();
  await expect(own.getByText('Completed', { exact: true })).toBeVisible();
  await expect(own.getByText('No-show', { exact: true })).toHaveCount(0);

  expect(patient.errors, 'console errors on the patient page').toEqual([]);
  await patient.close();
});
