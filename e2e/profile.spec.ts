/**
 * The profile page in the browser: change the name and phone, see them on the next booking's
 * dialog, and download everything held about the account as one JSON file.
 */
import { readFile } from 'node:fs/promises';
import { addDays, todayInZone } from '@clinic/shared';
import { signUpThroughUi } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';

test('changes the name and phone, books with them, and downloads the data', async ({ page }) => {
  // Sign-up, a save, a booking and an export: 16 s alone, past 30 s twice beside the rest of
  // the suite on two busy cores (2026-11-29).
  test.setTimeout(60_000);
  const patient = await signUpThroughUi(page);

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(patient.name);
  await page.getByLabel('Name').fill('Pat Renamed');
  await page.getByLabel('Phone').fill('+1 555 0177');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile is saved')).toBeVisible();

  const day = addDays(todayInZone(new Date(), 'UTC'), 3);
  await page.goto(`/appointment?date=${day}`);
  await page
    .getByRole('listitem', { name: 'Teeth Cleaning' })
    .getByRole('button', { name: 'Book Appointment' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Booking for Teeth Cleaning' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Pat Renamed');
  await expect(dialog.getByLabel('Phone')).toHaveValue('+1 555 0177');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/Appointment is set/)).toBeVisible();

  await page.goto('/dashboard/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^doctors-portal-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(exported).toMatchObject({
    format: 'doctors-portal-export/1',
    account: { name: 'Pat Renamed', email: patient.email, phone: '+1 555 0177' },
    bookings: [
      { treatment: 'Teeth Cleaning', date: day, phone: '+1 555 0177', patientName: 'Pat Renamed' },
    ],
  });
});

test('the profile page fits a 360 px wide phone', async ({ page }) => {
  await signUpThroughUi(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
