/**
 * A forgotten password, in the browser, against the server whose mail really leaves through a
 * local SMTP server: ask for a link, follow it, choose a new password, sign in with it; the old
 * password and the session signed in before are gone.
 */
import type { APIRequestContext } from '@playwright/test';
import { googleBaseURL, mailboxURL } from '../playwright.config.ts';
import { signUpThroughUi, uniquePatient } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';

test.use({ baseURL: googleBaseURL });

/** The link in the reset mail sent to `email`, once it has arrived. */
async function resetLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${mailboxURL}/mail?to=${encodeURIComponent(email)}`)).json()) as string[];
      link = mails.map((text) => /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0]).find(Boolean);
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return link!;
}

test('a patient who forgot the password gets back in with a new one', async ({ page, browser, request }) => {
  // A sign-up, a reset mail read from the SMTP stand-in and two sign-ins (slow hashes): past
  // 30 s on two busy cores beside the other specs (CI, 2026-11-28).
  test.setTimeout(60_000);
  // Signed in on another device before the reset.
  const otherDevice = await browser.newContext({ baseURL: googleBaseURL });
  const otherPage = await otherDevice.newPage();
  const patient = await signUpThroughUi(otherPage, uniquePatient('forgetful'));
  const oldToken = await otherPage.evaluate(() => localStorage.getItem('accessToken'));
  expect(oldToken).toBeTruthy();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(patient.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that address, we have sent a link to reset the password. It is valid for one hour.',
  );

  const link = await resetLink(request, patient.email);
  expect(link.startsWith(`${googleBaseURL}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByLabel('Confirm new password').fill('password1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This password is too common. Please choose another.')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('lantern-quietly-47');
  await page.getByLabel('Confirm new password').fill('lantern-quietly-47');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed. Please log in with the new one.')).toBeVisible();

  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Password').fill('lantern-quietly-47');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // The session from before the reset is over, and the old password no longer opens the account.
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${oldToken}` } });
  expect((await me.json()).user).toBeNull();
  const oldPassword = await request.post('/api/auth/sign-in/email', {
    data: { email: patient.email, password: patient.password },
    headers: { origin: googleBaseURL },
  });
  expect(oldPassword.status()).toBe(401);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-lantern-48');
  await page.getByLabel('Confirm new password').fill('another-lantern-48');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await otherDevice.close();
});
