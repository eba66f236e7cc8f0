/**
 * Managing appointments in the browser. A patient books two appointments, cancels one from its
 * page (it leaves My Appointments until 'Show past and cancelled' is on) and moves the other to
 * another time. The front desk finds a patient's booking on All Appointments (day navigation and
 * the search), is refused an outcome for an appointment that has not started, moves it, cancels
 * it with 'Notify patient', and exports the day as CSV; the screen also fits a phone's 360 px.
 *
 * Patients may change a booking online until 24 h before it starts, so every booking here is
 * 12 to 17 days ahead, in Pediatric Dental: other specs book Teeth Cleaning (3, 4, 6 and 9 days
 * ahead), the first non-Teeth-Cleaning treatment (4 days) and a treatment of their own (10 days). The server
 * runs with CLINIC_TIMEZONE=UTC and the browser's date is UTC too.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone } from '@clinic/shared';
import { PHONE, expectNoHorizontalScroll, logInAsAdmin, openFromMenu, otherPage } from './support/admin.ts';
import { signUpThroughUi, uniquePatient } from './support/auth.ts';
import { test, expect } from './support/fixtures.ts';
import { openDashboardFromNavbar } from './support/navbar.ts';

const TREATMENT = 'Pediatric Dental';
const SPEC_COLUMNS = ['Name', 'Date', 'Time', 'Treatment', 'Payment'];
// After the byte-order mark that makes Excel read UTF-8.
const CSV_HEADER =
  '\uFEFFDate,Time,Status,Treatment,Doctor,Patient,Email,Phone,Price,Paid,Refunded,Outside hours,Id,Start,Cancelled by,Cancel reason';

type Patient = ReturnType<typeof uniquePatient>;
type Treatment = { _id: string; name: string; slots: string[] };
type Booking = { _id: string; treatment: string; date: string; slot: string; price: number };

// Each test signs in two people and walks several screens: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

function dayAhead(days: number) {
  return addDays(todayInZone(new Date(), 'UTC'), days);
}





/** The preferred slot when the select offers it, else the last one offered. */
async function chooseSlot(select: Locator, preferred: string): Promise<string> {
  const options = (await select.locator('option:not([disabled])').allTextContents()).filter(
    (label) => /^\d\d\.\d\d [AP]M - /.test(label),
  );
  expect(options.length, 'free slots offered').toBeGreaterThan(0);
  const slot = options.includes(preferred) ? preferred : options.at(-1)!;
  await select.selectOption({ label: slot });
  return slot;
}

/** Books TREATMENT on `day` through the booking dialog; answers the slot booked. */
async function bookThroughUi(page: Page, day: string, preferred: string): Promise<string> {
  const medium = formatMediumDate(day);
  await page.goto(`/appointment?date=${day}`);
  await expect(
    page.getByRole('heading', { name: `Available Appointments on ${medium}` }),
  ).toBeVisible();
  await page
    .getByRole('listitem', { name: TREATMENT })
    .getByRole('button', { name: 'Book Appointment' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Booking for ${TREATMENT}` });
  await expect(dialog).toBeVisible();
  const slot = await chooseSlot(dialog.getByLabel('Slot'), preferred);
  await dialog.getByLabel('Phone').fill('+1 555 0170');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`Appointment is set, ${medium} at ${slot}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  return slot;
}

/** Books TREATMENT on `day` with the signed-in patient's own token; prefers `preferred`. */
async function bookThroughApi(page: Page, day: string, preferred: string): Promise<Booking> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'the signed-in page keeps an access token').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const available = await page.request.get(`/api/available?date=${day}`, { headers });
  expect(available.ok()).toBe(true);
  const treatment = ((await available.json()) as Treatment[]).find((t) => t.name === TREATMENT);
  expect(treatment?.slots.length, `${TREATMENT} has free slots on ${day}`).toBeGreaterThan(0);
  const slot = treatment!.slots.includes(preferred) ? preferred : treatment!.slots.at(-1)!;
  const created = await page.request.post('/api/booking', {
    headers,
    data: { treatmentId: treatment!._id, treatment: TREATMENT, date: day, slot, phone: '' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { booking: Booking }).booking;
}

/** A patient of their own, signed up in another browser, with one booking made through the API. */
async function patientWithBooking(browser: Browser, prefix: string, day: string, slot: string) {
  const other = await otherPage(browser);
  const patient: Patient = await signUpThroughUi(other.page, uniquePatient(prefix));
  const booking = await bookThroughApi(other.page, day, slot);
  return { patient, booking, ...other };
}

/** All Appointments narrowed to one day (typed in 'Day') and one patient (the search). */
async function showPatientsDay(page: Page, day: string, email: string) {
  await page.getByLabel('Day', { exact: true }).fill(day);
  await expect(
    page.getByRole('heading', { name: `Appointments on ${formatMediumDate(day)}` }),
  ).toBeVisible();
  await page.getByLabel('Search').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1 appointment shown')).toBeVisible();
  return row;
}

test('a patient cancels one appointment and moves another from its page', async ({ page }) => {
  const patient = await signUpThroughUi(page, uniquePatient('manage'));
  const firstDay = dayAhead(12);
  const secondDay = dayAhead(13);
  const first = { medium: formatMediumDate(firstDay), slot: '' };
  const second = { medium: formatMediumDate(secondDay), slot: '' };
  first.slot = await bookThroughUi(page, firstDay, '10.00 AM - 10.30 AM');
  second.slot = await bookThroughUi(page, secondDay, '10.30 AM - 11.00 AM');

  // My Appointments: the spec's five columns first, then Manage with a Details link.
  await openDashboardFromNavbar(page);
  await expect(page.getByRole('heading', { name: 'My Appointments: 2' })).toBeVisible();
  const table = page.getByRole('table', { name: 'My Appointments: 2' });
  await expect(table.getByRole('columnheader')).toHaveText([...SPEC_COLUMNS, 'Manage']);
  const firstRow = page.getByRole('row').filter({ hasText: first.medium });
  await expect(firstRow.getByRole('cell')).toHaveText([
    patient.name,
    first.medium,
    first.slot,
    TREATMENT,
    'pay',
    'Details',
  ]);
  const toggle = page.getByLabel('Show past and cancelled');
  await expect(toggle).not.toBeChecked();

  // The first appointment's page: confirmed, booked by the patient, open to changes.
  await firstRow.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/dashboard\/appointments\/[^/]+$/);
  const detail = page.locator('main');
  await expect(detail.getByRole('heading', { level: 2, name: TREATMENT })).toBeVisible();
  await expect(detail.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(detail.locator('dt')).toHaveText(['Date', 'Time', 'Price', 'Payment']);
  await expect(detail.locator('dd')).toHaveText([first.medium, first.slot, '$25', /Not paid yet/]);
  const history = detail.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('Booked by you');
  await expect(detail.getByText(/You can change or cancel it online until /)).toBeVisible();

  // Keep it first, then cancel it through the modal with a reason.
  await detail.getByRole('button', { name: 'Cancel appointment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(dialog).toContainText(`${TREATMENT} on ${first.medium} at ${first.slot}.`);
  await expect(dialog).toContainText(/You can cancel online until /);
  await expect(dialog).toContainText(
    'Nothing has been paid for it, so there is nothing to refund.',
  );
  await dialog.getByRole('button', { name: 'Keep appointment' }).click();
  await expect(dialog).toBeHidden();

  await detail.getByRole('button', { name: 'Cancel appointment' }).click();
  dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await dialog.getByLabel('Reason (optional)').fill('Travelling');
  const cancelled = page.waitForResponse(
    (r) => /\/api\/booking\/[^/]+\/cancel$/.test(r.url()) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  expect((await cancelled).request().postDataJSON()).toEqual({ reason: 'Travelling' });
  await expect(page.getByText('Your appointment was cancelled.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('Cancelled online', { exact: true })).toBeVisible();
  await expect(history.getByRole('listitem').last()).toContainText('Cancelled online: Travelling');
  await expect(detail.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
  await expect(detail.getByRole('link', { name: 'Reschedule' })).toHaveCount(0);
  await expect(detail.locator('dd').last()).toHaveText('Not paid');

  // Gone from My Appointments, back with 'Show past and cancelled'.
  await page.getByRole('link', { name: 'Back to My Appointments' }).click();
  await expect(page.getByRole('heading', { name: 'My Appointments: 1' })).toBeVisible();
  await expect(firstRow).toHaveCount(0);
  await page.getByLabel('Show past and cancelled').check();
  await expect(page).toHaveURL(/\/dashboard\?include=cancelled$/);
  await expect(page.getByRole('heading', { name: 'My Appointments: 2' })).toBeVisible();
  await expect(firstRow.getByRole('cell')).toHaveText([
    patient.name,
    first.medium,
    first.slot,
    TREATMENT,
    '',
    /^Cancelled online\s*Details$/,
  ]);
  await expect(firstRow.getByRole('link', { name: 'pay' })).toHaveCount(0);
  await page.getByLabel('Show past and cancelled').uncheck();
  await expect(page.getByRole('heading', { name: 'My Appointments: 1' })).toBeVisible();

  // The second: moved to another time of its day from its reschedule page.
  const secondRow = page.getByRole('row').filter({ hasText: second.medium });
  await secondRow.getByRole('link', { name: 'Details' }).click();
  await detail.getByRole('link', { name: 'Reschedule' }).click();
  await expect(page).toHaveURL(/\/dashboard\/appointments\/[^/]+\/reschedule$/);
  await expect(page.getByRole('heading', { name: 'Reschedule your appointment' })).toBeVisible();
  await expect(detail).toContainText(
    `Your current time: ${TREATMENT} on ${second.medium} at ${second.slot}.`,
  );
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(secondDay);
  const time = page.getByLabel('Time', { exact: true });
  await expect(time.locator('option', { hasText: `${second.slot} (current)` })).toBeDisabled();
  const newSlot = await chooseSlot(time, '02.00 PM - 02.30 PM');
  expect(newSlot).not.toBe(second.slot);
  const moved = page.waitForResponse(
    (r) => /\/api\/booking\/[^/]+\/reschedule$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Move appointment' }).click();
  const movedRequest = (await moved).request();
  expect(movedRequest.postDataJSON()).toEqual({ date: secondDay, slot: newSlot });
  expect(movedRequest.headers()['if-match']).toBe('"v1"');
  await expect(
    page.getByText(`Your appointment was moved to ${second.medium} at ${newSlot}.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/appointments\/[^/]+$/);
  await expect(detail.locator('dd').nth(1)).toHaveText(newSlot);
  await expect(history.getByRole('listitem').last()).toContainText(
    `Moved to ${second.medium} at ${newSlot} (was ${second.medium} at ${second.slot}) by you`,
  );

  // My Appointments shows the new time.
  await page.getByRole('link', { name: 'Back to My Appointments' }).click();
  await expect(page.getByRole('heading', { name: 'My Appointments: 1' })).toBeVisible();
  await expect(secondRow.getByRole('cell')).toHaveText([
    patient.name,
    second.medium,
    newSlot,
    TREATMENT,
    'pay',
    'Details',
  ]);
});

test('the front desk finds a booking by day and email, moves it, cancels it and exports the day', async ({
  page,
  browser,
}) => {
  const day = dayAhead(14);
  const medium = formatMediumDate(day);
  const today = todayInZone(new Date(), 'UTC');
  const { patient, booking, ...patientPage } = await patientWithBooking(
    browser,
    'desk',
    day,
    '11.00 AM - 11.30 AM',
  );

  try {
    await logInAsAdmin(page);
    await openFromMenu(page, 'All Appointments');
    await expect(page).toHaveURL(/\/dashboard\/all-appointments$/);
    await expect(page).toHaveTitle('All Appointments - Doctors Portal');

    // Today first; 'Next day' and 'Today' move the day shown, then the booking's day is typed in.
    const changeDay = page.getByRole('group', { name: 'Change the day' });
    const listHeading = (iso: string) =>
      page.getByRole('heading', { name: `Appointments on ${formatMediumDate(iso)}` });
    await expect(listHeading(today)).toBeVisible();
    await expect(changeDay.getByRole('button', { name: 'Today' })).toBeDisabled();
    await changeDay.getByRole('button', { name: /Next day/ }).click();
    await expect(listHeading(addDays(today, 1))).toBeVisible();
    await expect(page.getByLabel('Day', { exact: true })).toHaveValue(addDays(today, 1));
    await changeDay.getByRole('button', { name: 'Today' }).click();
    await expect(listHeading(today)).toBeVisible();
    const row = await showPatientsDay(page, day, patient.email);
    await expect(row.getByRole('cell').nth(0)).toHaveText(booking.slot);
    await expect(row.getByRole('cell').nth(1)).toHaveText(medium);
    await expect(row.getByRole('cell').nth(2)).toContainText(patient.name);
    await expect(row.getByRole('cell').nth(3)).toHaveText(TREATMENT);
    await expect(row.getByRole('cell').nth(4)).toHaveText('Confirmed');
    await expect(row.getByRole('cell').nth(5)).toContainText('Unpaid');
    // The day's neighbour has no booking of this patient.
    await changeDay.getByRole('button', { name: /Previous day/ }).click();
    await expect(listHeading(addDays(day, -1))).toBeVisible();
    await expect(page.getByText('No appointments for these filters.')).toBeVisible();
    await changeDay.getByRole('button', { name: /Next day/ }).click();
    await expect(listHeading(day)).toBeVisible();
    await expect(row).toHaveCount(1);

    // An appointment that has not started is offered neither no-show nor completed.
    let name = `${patient.name}, ${medium}, ${booking.slot}`;
    await expect(row.getByRole('button', { name: `Reschedule: ${name}` })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Mark (no-show|completed): / })).toHaveCount(0);
    await expect(row.getByRole('cell').nth(4)).toHaveText('Confirmed');

    // Moved to another time of the day (the admin is not held to the notice window).
    await row.getByRole('button', { name: `Reschedule: ${name}` }).click();
    let dialog = page.getByRole('dialog', { name: `Reschedule ${patient.name}'s appointment` });
    await expect(dialog).toContainText(`${TREATMENT}, now ${medium} at ${booking.slot}.`);
    await expect(dialog.getByLabel('New date')).toHaveValue(day);
    const newTime = dialog.getByLabel('New time');
    await expect(newTime.locator('option', { hasText: `${booking.slot} (current)` })).toHaveCount(
      1,
    );
    const newSlot = await chooseSlot(newTime, '03.00 PM - 03.30 PM');
    expect(newSlot).not.toBe(booking.slot);
    await dialog.getByRole('button', { name: 'Move appointment' }).click();
    await expect(
      page.getByText(`${patient.name}'s appointment moved to ${medium} at ${newSlot}`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(0)).toHaveText(newSlot);
    name = `${patient.name}, ${medium}, ${newSlot}`;

    // Cancelled with a reason, the patient notified (the default).
    await row.getByRole('button', { name: `Cancel: ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Cancel ${patient.name}'s appointment?` });
    await expect(dialog).toContainText(`${TREATMENT}, ${medium} at ${newSlot}.`);
    // Nothing was paid: no refund choice.
    await expect(dialog.getByRole('group', { name: 'Refund' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Reason').fill('The dentist is ill');
    await expect(dialog.getByLabel('Notify patient')).toBeChecked();
    const cancelled = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/admin/bookings/${booking._id}/cancel`) &&
        r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    const cancelResponse = await cancelled;
    expect(cancelResponse.status()).toBe(200);
    expect(cancelResponse.request().postDataJSON()).toEqual({
      reason: 'The dentist is ill',
      notify: true,
    });
    await expect(page.getByText('Appointment cancelled', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // 'All statuses' keeps the row, cancelled, with no actions; 'Confirmed' leaves it out.
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Cancelled by the clinic');
    await expect(row.getByRole('button')).toHaveCount(0);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Confirmed' });
    await expect(page.getByText('No appointments for these filters.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelled' });
    await expect(row).toHaveCount(1);

    // The patient's page says who cancelled it and keeps the history.
    await patientPage.page.goto(`/dashboard/appointments/${booking._id}`);
    const detail = patientPage.page.locator('main');
    await expect(
      detail.getByText('Cancelled by the clinic', { exact: true }).first(),
    ).toBeVisible();
    const history = detail.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Booked by you');
    await expect(history.nth(1)).toContainText(
      `Moved to ${medium} at ${newSlot} (was ${medium} at ${booking.slot}) by the clinic`,
    );
    await expect(history.nth(2)).toContainText('Cancelled by the clinic: The dentist is ill');

    // Export CSV: the filtered list, header first.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`appointments-${day}-${day}.csv`);
    await expect(page.getByText(`Saved appointments-${day}-${day}.csv`)).toBeVisible();
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(2);
    expect(csv).toContain(patient.email);
    expect(lines[1]).toContain(`${day},${newSlot},cancelled,${TREATMENT},`);
    expect(lines[1]).toMatch(new RegExp(`,${booking._id},${day} \\d{2}:\\d{2},clinic,The dentist is ill$`));
  } finally {
    await patientPage.page.close();
  }
  expect(patientPage.errors, 'console errors on the patient page').toEqual([]);
});

test('All Appointments fits a phone: 360 px wide with no horizontal scroll', async ({
  page,
  browser,
}) => {
  const day = dayAhead(15);
  const medium = formatMediumDate(day);
  const { patient, booking, ...patientPage } = await patientWithBooking(
    browser,
    'phone',
    day,
    '01.00 PM - 01.30 PM',
  );
  await patientPage.page.close();
  expect(patientPage.errors, 'console errors on the patient page').toEqual([]);

  await logInAsAdmin(page);
  await page.setViewportSize(PHONE);
  await openFromMenu(page, 'All Appointments');
  await expect(page).toHaveURL(/\/dashboard\/all-appointments$/);
  await expect(page.getByRole('heading', { name: 'All Appointments' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // A day with the patient's booking: a card per appointment, its actions wrapping.
  const row = await showPatientsDay(page, day, patient.email);
  await expect(row.getByRole('cell').first()).toHaveText(booking.slot);
  await expect(
    row.getByRole('button', { name: `Reschedule: ${patient.name}, ${medium}, ${booking.slot}` }),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);

  // The reschedule dialog fits too.
  await row.getByRole('button', { name: /^Reschedule: / }).click();
  const dialog = page.getByRole('dialog', { name: `Reschedule ${patient.name}'s appointment` });
  await expect(dialog.getByLabel('New time')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Keep the time' }).click();
  await expect(dialog).toBeHidden();
  await expectNoHorizontalScroll(page);
});

/** Whether `inner` lies within `outer`'s box, horizontally (a pixel of rounding allowed). */
async function expectInsideHorizontally(inner: Locator, outer: Locator, what: string) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b, `${what}: both on the page`).toBeTruthy();
  expect(a!.x, `${what}: left edge`).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.x + a!.width, `${what}: right edge`).toBeLessThanOrEqual(b!.x + b!.width + 1);
}

test('the patient’s actions fit a 360 px phone; at 1280 px every front-desk row action is inside its card, and a payment taken at the desk shows its amount', async ({
  page,
  browser,
}) => {
  const day = dayAhead(17);
  const { patient, booking, ...patientPage } = await patientWithBooking(browser, 'widths', day, '02.00 PM - 02.30 PM');
  const phone = patientPage.page;
  await phone.setViewportSize(PHONE);
  await phone.goto('/dashboard');
  const viewport = phone.locator('body');
  const pay = phone.getByRole('link', { name: 'pay', exact: true });
  await expect(pay).toBeVisible();
  await expectInsideHorizontally(pay, viewport, "My Appointments' pay");
  await expectInsideHorizontally(phone.getByRole('link', { name: 'Details' }).first(), viewport, "My Appointments' Details");
  await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await phone.close();
  expect(patientPage.errors, 'console errors on the patient page').toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await openFromMenu(page, 'All Appointments');
  const row = await showPatientsDay(page, day, patient.email);
  // The bordered box the table sits in (it scrolls sideways when the table is wider than it).
  const card = row.locator('xpath=ancestor::table/..');
  const actions = row.getByRole('button');
  expect(await actions.count()).toBeGreaterThan(0);
  for (const action of await actions.all()) await expectInsideHorizontally(action, card, `the action ${await action.textContent()}`);

  // The patient paid in cash at the desk: recorded, and the row says how much.
  await row.getByRole('button', { name: `Record payment: ${patient.name}, ${formatMediumDate(day)}, ${booking.slot}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record ${patient.name}'s payment` });
  await dialog.getByLabel('Cash').check();
  await dialog.getByRole('button', { name: `Record $${booking.price} payment` }).click();
  await expect(page.getByText('Payment recorded', { exact: true })).toBeVisible();
  await expect(row).toContainText(`$${booking.price} paid`);
  await expect(row).toContainText('Paid at desk');
  for (const action of await row.getByRole('button').all()) await expectInsideHorizontally(action, card, `the action ${await action.textContent()}`);
});
