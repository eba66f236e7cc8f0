/**
 * Paying for a booking in the browser with the built-in test-mode processor (no Stripe keys on
 * the test server): a Luhn-invalid number is refused at the form, a declined test card says so,
 * a good one pays, and My Appointments then shows 'paid' with the transaction id.
 * The booking is made through the API with the patient's own token, a few days ahead (TZ=UTC).
 */
import type { Page } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone } from '@clinic/shared';
import { signUpThroughUi } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';

type Treatment = { _id: string; name: string; slots: string[]; price: number };
type Booking = { _id: string; treatment: string; date: string; slot: string; price: number };

/** Books the first free slot of a treatment with a price, `daysAhead` from today. */
async function bookThroughApi(page: Page, daysAhead: number) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'the signed-in page keeps an access token').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const date = addDays(todayInZone(new Date(), 'UTC'), daysAhead);

  const available = await page.request.get(`/api/available?date=${date}`, { headers });
  expect(available.ok()).toBe(true);
  const treatments = (await available.json()) as Treatment[];
  // Another spec books Teeth Cleaning in parallel: take a treatment and slot of our own.
  const treatment = treatments.find(
    (t) => t.price > 0 && t.slots.length > 0 && t.name !== 'Teeth Cleaning',
  );
  expect(treatment, 'a treatment with a price and a free slot').toBeTruthy();
  const slot = treatment!.slots.at(-1)!;

  const created = await page.request.post('/api/booking', {
    headers,
    data: { treatmentId: treatment!._id, treatment: treatment!.name, date, slot, phone: '' },
  });
  expect(created.status()).toBe(201);
  const { booking } = (await created.json()) as { booking: Booking };
  return booking;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

test('pays for a booking with a test card after a decline, and My Appointments shows it paid', async ({
  page,
}) => {
  const patient = await signUpThroughUi(page);
  const booking = await bookThroughApi(page, 4);
  const medium = formatMediumDate(booking.date.slice(0, 10));
  const payRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/booking/${booking._id}/pay`)) {
      payRequests.push(request.postData() ?? '');
    }
  });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const row = page.getByRole('row').filter({ hasText: booking.treatment });
  await expect(row.getByRole('cell')).toHaveText([
    patient.name,
    medium,
    booking.slot,
    booking.treatment,
    'pay',
    'Details',
  ]);
  await row.getByRole('link', { name: 'pay' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${booking._id}$`));
  await expect(page).toHaveTitle('Payment - Doctors Portal');
  await expect(page.getByRole('heading', { name: `Hello, ${patient.name}` })).toBeVisible();
  await expect(page.getByText(`Please pay for ${booking.treatment}`)).toBeVisible();
  await expect(page.getByText(`Your appointment: ${medium} at ${booking.slot}`)).toBeVisible();
  await expect(page.getByText(`Please pay: $${booking.price}`)).toBeVisible();
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();

  // A number that fails the Luhn check never leaves the page.
  await fillCard(page, '4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  expect(payRequests).toEqual([]);

  // Typed digit by digit, the number is grouped in fours.
  await page.getByLabel('Card number').clear();
  await page.getByLabel('Card number').pressSequentially('4000000000000002');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/\btext-error\b/);
  expect(payRequests).toHaveLength(1);
  expect(JSON.parse(payRequests[0]!)).toEqual({
    cardNumber: '4000000000000002',
    expiry: '12/34',
    cvc: '123',
  });

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  const transaction = page.getByText(/^Transaction id: test_\w+$/);
  await expect(transaction).toBeVisible();
  await expect(page.getByText('Payment successful').first()).toBeVisible();
  await expect(alert).toBeHidden();
  await expect(page.getByLabel('Card number')).toBeHidden();
  const transactionId = (await transaction.textContent())!.replace('Transaction id: ', '');

  await page.getByRole('link', { name: 'Back to My Appointments' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const paidRow = page.getByRole('row').filter({ hasText: booking.treatment });
  // The spec's Payment column (the fifth; Manage follows it).
  const payment = paidRow.getByRole('cell').nth(4);
  await expect(payment).toContainText('paid');
  await expect(payment).toContainText(`Transaction id: ${transactionId}`);
  await expect(paidRow.getByRole('link', { name: 'pay' })).toHaveCount(0);

  // Coming back to the page: already paid, no form.
  await page.goto(`/dashboard/payment/${booking._id}`);
  await expect(page.getByText('This booking is already paid.')).toBeVisible();
  await expect(page.getByText(`Transaction id: ${transactionId}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
});

test("another patient's booking is not found", async ({ page }) => {
  await signUpThroughUi(page);
  const booking = await bookThroughApi(page, 5);
  await page
    .getByRole('button', { name: 'Sign Out' })
    .or(page.getByRole('link', { name: 'Sign Out' }))
    .first()
    .click();

  await signUpThroughUi(page);
  await page.goto(`/dashboard/payment/${booking._id}`);
  await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Appointments' }).click();
  await expect(page.getByRole('heading', { name: 'My Appointments: 0' })).toBeVisible();
});
