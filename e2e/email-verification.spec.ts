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

test('a new patient is told to check the mail, confirms the address, books without retyping and is offered to pay', async ({ page, request, context }) => {
  const patient = await signUpThroughUi(page);
  await expect(page.getByText(`Check your inbox: we sent a link to confirm ${patient.email}.`)).toBeVisible();
  const day = addDays(todayInZone(new Date(), 'UTC'), 4);
  await page.goto(`/appointment?date=${day}`);
  const card = page.getByRole('listitem', { name: 'Cavity Protection' });
  await card.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking for Cavity Protection' });
  await dialog.getByLabel('Phone').fill('+1 555 0142');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  // Refused, but the dialog stays, with the patient's choices and a way to get the mail again.
  await expect(
    dialog.getByText(
      `Please confirm your email address first: follow the link we sent to ${patient.email}, then book again.`,
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel('Phone')).toHaveValue('+1 555 0142');
  await dialog.getByRole('button', { name: 'Resend the mail' }).click();
  await expect(page.getByText(`We have sent the link again to ${patient.email}.`)).toBeVisible();

  // The sign-up's mail and the one sent again: either link works; the newest is followed, in
  // another tab, as a patient reading the mail would.
  const links = await verificationLinks(request, patient.email, 2);
  const mailTab = await context.newPage();
  await mailTab.goto(links.at(-1)!);
  await expect(mailTab).toHaveURL(/\/verify-email$/);
  await expect(
    mailTab.getByRole('heading', { name: 'Your email address is confirmed' }),
  ).toBeVisible();
  await mailTab.close();

  // Back in the open dialog: Submit books, nothing typed again; the toast offers to pay.
  await expect(dialog.getByLabel('Phone')).toHaveValue('+1 555 0142');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText(`Appointment is set, ${formatMediumDate(day)} at 08.00 AM - 08.30 AM`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
});

test('a link that does not work says so and how to get a new one', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email');
  await expect(page).toHaveURL(/\/verify-email\?error=/);
  await expect(
    page.getByRole('heading', { name: 'We could not confirm your email address' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
});
