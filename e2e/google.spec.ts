/** Google sign-in (OpenID Connect) against a local provider standing in for Google. */
import type { APIRequestContext, Page } from '@playwright/test';
import { googleBaseURL, mailboxURL } from '../playwright.config.ts';
import { uniquePatient } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';

test.use({ baseURL: googleBaseURL });

/** On the provider's own pages: sign in as `login`, then grant or refuse consent. */
async function atProvider(page: Page, login: string, consent: 'grant' | 'deny') {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  if (consent === 'grant') await page.getByRole('button', { name: 'Continue' }).click();
  else await page.getByRole('link', { name: '[ Cancel ]' }).click();
}

/** The link in the verification mail sent to `email`, once it has arrived. */
async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${mailboxURL}/mail?to=${encodeURIComponent(email)}`)).json()) as string[];
      link = mails.map((text) => /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(text)?.[0]).find(Boolean);
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return link!;
}

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

test.describe('Continue with Google', () => {
  test('signs a new patient in and returns to the page they came from', async ({ page }) => {
    const email = uniquePatient('gina').email;
    await page.goto('/appointment?date=2030-06-05');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await atProvider(page, email, 'grant');
    await expect(page).toHaveURL(/\/appointment\?date=2030-06-05$/);
    expect(await accessToken(page)).toMatch(/\./);
    const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${await accessToken(page)}` } });
    expect((await me.json()).user).toMatchObject({ email, name: `Google ${email.split('@')[0]}` });
  });

  test("shows the provider's error in red under the form when consent is denied", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await atProvider(page, uniquePatient('denier').email, 'deny');
    await expect(page).toHaveURL(/\/login\?/);
    const error = page.getByRole('alert').filter({ hasText: 'Google sign-in failed' });
    await expect(error).toContainText(/access.denied|aborted/i);
    const color = await error.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = color.match(/[\d.]+/g)!.map(Number);
    expect(r! > g! && r! > b!, `error colour ${color} is red`).toBe(true);
    expect(await accessToken(page)).toBeNull();
  });

  test('links to an existing password account when both its owner and Google have confirmed the email', async ({ page, request }) => {
    const patient = uniquePatient('linda');
    const signUp = await request.post('/api/auth/sign-up/email', { data: patient, headers: { origin: googleBaseURL } });
    expect(signUp.ok()).toBe(true);
    const passwordUserId = (await signUp.json()).user.id;
    // The owner follows the link in the mail that sign-up sent.
    const link = await verificationLink(request, patient.email);
    expect((await request.get(link)).url()).toBe(`${googleBaseURL}/verify-email`);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await atProvider(page, patient.email, 'grant');
    await expect(page).toHaveURL(/\/$/);
    const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${await accessToken(page)}` } });
    expect((await me.json()).user).toMatchObject({ _id: passwordUserId, email: patient.email, name: patient.name });
  });

  // Else whoever registered a victim's Gmail address first would keep a password into the
  // account that Google later signs the victim in to (docs/decisions/004).
  test('does not link to a password account whose owner never confirmed the email', async ({ page, request }) => {
    const patient = uniquePatient('paula');
    expect((await request.post('/api/auth/sign-up/email', { data: patient, headers: { origin: googleBaseURL } })).ok()).toBe(true);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await atProvider(page, patient.email, 'grant');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('alert').filter({ hasText: 'Google sign-in failed' })).toBeVisible();
    expect(await accessToken(page)).toBeNull();
  });

  test('does not link when Google says the email is not verified', async ({ page, request }) => {
    const patient = uniquePatient('ursula');
    expect((await request.post('/api/auth/sign-up/email', { data: patient, headers: { origin: googleBaseURL } })).ok()).toBe(true);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await atProvider(page, `unverified:${patient.email}`, 'grant');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('alert').filter({ hasText: 'Google sign-in failed' })).toBeVisible();
    expect(await accessToken(page)).toBeNull();
  });
});
