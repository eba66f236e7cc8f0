/**
 * Email verification on the server that sends real mail (SMTP_URL set, so booking requires a
 * confirmed address): sign up, be refused a booking with a way to get the mail again, follow the
 * mailed link, book.
 */
import type { APIRequestContext } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone } from '@clinic/shared';
import { googleBaseURL, mailboxURL } from '../playwright.config.ts';
import { signUpThroughUi } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';

test.use({ baseURL: googleBaseURL });

/** Every verification link mailed to `email` so far, once at least `count` have arrived. */
async function verificationLinks(
  request: APIRequestContext,
  email: string,
  count: number,
): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`${mailboxURL}/mail?to=${encodeURIComponent(email)}`)
        ).json()) as string[];
        links = mails.flatMap(
          (text) => /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(text)?.[0] ?? [],
        );
        return links.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return links;
}

test('a new patient confirms the address from the mail, then books', async ({ page, request }) => {
  const patient = await signUpThroughUi(page);
  const day = addDays(todayInZone(new Date(), 'UTC'), 4);
  const book = async () => {
    await page.goto(`/appointment?date=${day}`);
    const card = page.getByRole('listitem', { name: 'Cavity Protection' });
    await card.getByRole('button', { name: 'Book Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking for Cavity Protection' });
    await dialog.getByLabel('Phone').fill('+1 555 0142');
    await dialog.getByRole('button', { name: 'Submit' }).click();
  };

  await book();
  await expect(
    page.getByText(
      `Please confirm your email address first: follow the link we sent to ${patient.email}, then book again.`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Resend the mail' }).click();
  await expect(page.getByText(`We have sent the link again to ${patient.email}.`)).toBeVisible();

  // The sign-up's mail and the one sent again: either link works; the newest is followed.
  const links = await verificationLinks(request, patient.email, 2);
  await page.goto(links.at(-1)!);
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(
    page.getByRole('heading', { name: 'Your email address is confirmed' }),
  ).toBeVisible();

  await book();
  await expect(
    page.getByText(`Appointment is set, ${formatMediumDate(day)} at 08.00 AM - 08.30 AM`),
  ).toBeVisible();
});

test('a link that does not work says so and how to get a new one', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email');
  await expect(page).toHaveURL(/\/verify-email\?error=/);
  await expect(
    page.getByRole('heading', { name: 'We could not confirm your email address' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
});
