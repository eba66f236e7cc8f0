/**
 * The front desk records what happened at a past appointment: on All Appointments the admin goes
 * back to yesterday, finds the patient's booking, marks it a no-show (it stays one after a
 * reload), then corrects it to completed; the patient's My Appointments shows each outcome.
 *
 * The past appointment is made the way support/past-visits.ts says: booked tomorrow or later
 * through the API on a server of the spec's own, then moved to yesterday with SQL.
 */
import type { Page } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone } from '@clinic/shared';
import { signInThroughUi, signUpThroughUi, uniquePatient } from './support/auth.ts';
import { OWN_ADMIN } from './support/own-server.ts';
import { accessTokenOf, bookSoon, expect, moveIntoThePast, pageOn, test } from './support/past-visits.ts';

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
  test.setTimeout(120_000);
  const today = todayInZone(new Date(), 'UTC');
  const yesterday = addDays(today, -1);

  // A patient books through the API; the booking is then moved to yesterday.
  const patient = await pageOn(browser, ownServer.baseURL);
  const who = await signUpThroughUi(patient.page, uniquePatient('outcome'));
  const booked = await bookSoon(patient.page.request, await accessTokenOf(patient.page));
  await moveIntoThePast(ownServer, booked, yesterday);

  // The admin signs in and opens All Appointments on yesterday.
  await signInThroughUi(page, OWN_ADMIN);
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
