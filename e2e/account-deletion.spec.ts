/**
 * Deleting one's account in the browser, with a booking to come: the password is asked for, the
 * patient lands signed out on the home page, and the old password no longer signs in. What is
 * deleted and kept is proven in the API suite (account-deletion.int.test.ts).
 */
import { addDays, todayInZone } from '@clinic/shared';
import { signUpThroughUi } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';

test('deletes the account after the password and a confirmation; signing in then fails', async ({
  page,
}) => {
  // Sign-up, a booking, the deletion and a refused sign-in: 28-33 s as the first spec of a busy
  // run (once past 30 s, 2026-11-29), 12 s alone.
  test.setTimeout(60_000);
  const patient = await signUpThroughUi(page);
  const day = addDays(todayInZone(new Date(), 'UTC'), 4);
  await page.goto(`/appointment?date=${day}`);
  await page
    .getByRole('listitem', { name: 'Teeth Cleaning' })
    .getByRole('button', { name: 'Book Appointment' })
    .click();
  await page
    .getByRole('dialog', { name: 'Booking for Teeth Cleaning' })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(page.getByText(/Appointment is set/)).toBeVisible();

  await page.goto('/dashboard/profile');
  const section = page.getByRole('region', { name: 'Delete my account' });
  // The password comes first: without it there is no confirmation to answer.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Enter your password first.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toHaveCount(0);

  await section.getByLabel('Your password').fill(patient.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Password').fill(patient.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
});

test('the delete section fits a 360 px wide phone', async ({ page }) => {
  const patient = await signUpThroughUi(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await page.getByLabel('Your password').fill(patient.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('button', { name: 'Delete for good' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
