/**
 * Staff roles in the browser (practice-loop.md section 2): a receptionist books for a patient who
 * phoned and cancels with a partial refund, but All Users and Clinic Hours are not theirs; a
 * doctor on a 360 px phone sees only their own patients today and marks one completed; the owner
 * demotes a receptionist and reads it in the Audit screen.
 *
 * A server of the spec's own (support/past-visits.ts): the doctor's visits are booked tomorrow
 * through the API and moved to a few minutes ago with SQL, since no API books a started visit.
 * Roles are given through the owner's API; the screens that give them are the third test's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone } from '@clinic/shared';
import { ADMIN, PHONE, expectNoHorizontalScroll, logInAsAdmin, openFromMenu } from './support/admin.ts';
import { signInThroughUi, signUpThroughUi, uniquePatient } from './support/auth.ts';
import type { OwnServer } from './support/own-server.ts';
import { accessTokenOf, expect, pageOn, test, type Booking, type Treatment } from './support/past-visits.ts';

const PHOTO = fileURLToPath(new URL('../apps/web/src/assets/avatar-sarah.webp', import.meta.url));

// One server for the file: the tests share it one after another rather than start two.
test.describe.configure({ mode: 'serial' });

const bearerOf = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The owner's token, from a sign-in of its own. */
async function ownerToken(browser: Parameters<typeof pageOn>[0], baseURL: string): Promise<string> {
  const owner = await pageOn(browser, baseURL);
  await logInAsAdmin(owner.page);
  const token = await accessTokenOf(owner.page);
  await owner.close();
  return token;
}

/** Gives an account a role through the owner's API. */
async function giveRole(request: APIRequestContext, token: string, email: string, role: string, doctorId?: string) {
  const users = await request.get('/api/user', { headers: bearerOf(token) });
  const user = ((await users.json()) as { _id: string; email: string }[]).find((u) => u.email === email);
  expect(user, `an account for ${email}`).toBeTruthy();
  const res = await request.put(`/api/admin/users/${user!._id}/role`, { headers: bearerOf(token), data: { role, ...(doctorId ? { doctorId } : {}) } });
  expect(res.status(), await res.text()).toBe(200);
  return user!._id;
}

/** Moves a booking to start `minutesAgo` before now, today (UTC, as the server counts). */
async function startedMinutesAgo(server: OwnServer, booking: Booking, minutesAgo: number) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  start.setUTCSeconds(0, 0);
  const startMin = start.getUTCHours() * 60 + start.getUTCMinutes();
  const moved = await server.sql.query(
    `UPDATE bookings
        SET date = $2::date, start_min = $3::smallint, end_min = $3::smallint + 30,
            starts_at = $4::timestamptz, ends_at = $4::timestamptz + interval '30 minutes'
      WHERE id = $1`,
    [booking._id, start.toISOString().slice(0, 10), startMin, start.toISOString()],
  );
  expect(moved.rowCount).toBe(1);
  await server.sql.query(`SELECT pg_notify('clinic_availability', $1), pg_notify('clinic_availability', $2)`, [
    booking.date,
    start.toISOString().slice(0, 10),
  ]);
}

test('a receptionist books for a phoned patient and cancels with a partial refund, without the owner’s screens', async ({
  page,
  browser,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const token = await ownerToken(browser, ownServer.baseURL);
  const patient = await pageOn(browser, ownServer.baseURL);
  const caller = await signUpThroughUi(patient.page, uniquePatient('phoned'));
  const desk = await signUpThroughUi(page, uniquePatient('desk'));
  await giveRole(page.request, token, desk.email, 'receptionist');

  // The front desk's entries, none of the owner's; Dashboard leads to the desk.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/all-appointments$/);
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'All Appointments' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Day' })).toBeVisible();
  for (const entry of ['All Users', 'Clinic Hours & Closures', 'Manage Doctors', 'Treatments', 'Audit']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }

  // The patient phones: booked tomorrow, for their existing account.
  const tomorrow = addDays(todayInZone(new Date(), 'UTC'), 1);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('heading', { name: `Appointments on ${formatMediumDate(tomorrow)}` })).toBeVisible();
  await page.getByRole('button', { name: 'Book for a patient' }).click();
  const booking = page.getByRole('dialog', { name: 'Book for a patient' });
  await booking.getByLabel('Patient email').fill(caller.email);
  await booking.getByLabel('Treatment').selectOption({ index: 1 });
  const time = booking.getByLabel('Time');
  await expect(time.locator('option')).not.toHaveCount(1);
  await time.selectOption({ index: 1 });
  await booking.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText(`Booked for ${caller.name}.`)).toBeVisible();

  // The patient pays for it online (test card).
  const patientToken = await accessTokenOf(patient.page);
  const mine = await patient.page.request.get(`/api/booking?patient=${encodeURIComponent(caller.email)}`, { headers: bearerOf(patientToken) });
  const [booked] = (await mine.json()) as { _id: string; price: number }[];
  expect(booked && booked.price > 5, 'a booking with a price above $5').toBe(true);
  const paid = await patient.page.request.post(`/api/booking/${booked!._id}/pay`, {
    headers: bearerOf(patientToken),
    data: { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // The patient phones again: cancelled, $5 back.
  await page.reload();
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.getByLabel('Search').fill(caller.email);
  const row = page.getByRole('row').filter({ hasText: caller.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1 appointment shown')).toBeVisible();
  await row.getByRole('button', { name: `Cancel: ${caller.name}` }).click();
  const cancel = page.getByRole('dialog');
  await cancel.getByLabel('Reason').fill('Cancelled by phone, late');
  await cancel.getByRole('radio', { name: 'Partial refund' }).check();
  await cancel.getByLabel('Amount to refund (dollars)').fill('5');
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Appointment cancelled. $5 is being refunded.')).toBeVisible();

  // All Users and Clinic Hours stay the owner's: the admin pages sign anyone else out.
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('table')).toHaveCount(0);
  await signInThroughUi(page, desk);
  await page.goto('/dashboard/clinic-hours');
  await expect(page).toHaveURL(/\/login$/);
  expect(patient.errors).toEqual([]);
  await patient.close();
});

test('a doctor on a phone sees only their own patients today and marks one completed', async ({ browser, ownServer }) => {
  test.setTimeout(90_000);
  const token = await ownerToken(browser, ownServer.baseURL);
  const owner = await pageOn(browser, ownServer.baseURL);
  const request = owner.page.request;
  const headers = bearerOf(token);

  // Two doctors and a treatment either performs.
  const upload = await request.post('/api/image', {
    headers,
    multipart: { image: { name: 'photo.webp', mimeType: 'image/webp', buffer: readFileSync(PHOTO) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const img = ((await upload.json()) as { data: { url: string } }).data.url;
  const doctorIds: string[] = [];
  const stamp = Date.now().toString(36);
  for (const name of [`Dr Mine ${stamp}`, `Dr Other ${stamp}`]) {
    const res = await request.post('/api/doctor', { headers, data: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@clinic.test`, specialty: '', img } });
    expect(res.ok(), await res.text()).toBe(true);
    doctorIds.push(((await res.json()) as { insertedId: string }).insertedId);
  }
  const [mine, other] = doctorIds as [string, string];
  const created = await request.post('/api/admin/treatments', {
    headers,
    data: { name: `Phone Check ${stamp}`, price: 30, requiresDoctor: true, doctorIds },
  });
  expect(created.status(), await created.text()).toBe(201);
  const treatmentId = ((await created.json()) as { insertedId: string }).insertedId;

  // One patient with each doctor, booked tomorrow and moved to a few minutes ago.
  const tomorrow = addDays(todayInZone(new Date(), 'UTC'), 1);
  const names: string[] = [];
  for (const [index, doctorId] of [mine, other].entries()) {
    const patient = await pageOn(browser, ownServer.baseURL);
    const who = await signUpThroughUi(patient.page, uniquePatient(`day${index}`));
    names.push(who.name);
    const patientHeaders = bearerOf(await accessTokenOf(patient.page));
    const available = await patient.page.request.get(`/api/available?date=${tomorrow}`, { headers: patientHeaders });
    const treatment = ((await available.json()) as Treatment[]).find((t) => t._id === treatmentId)!;
    const res = await patient.page.request.post('/api/booking', {
      headers: patientHeaders,
      data: { treatmentId, treatment: treatment.name, date: tomorrow, slot: treatment.slots[index], phone: '555 0100', doctorId },
    });
    expect(res.status(), await res.text()).toBe(201);
    await startedMinutesAgo(ownServer, ((await res.json()) as { booking: Booking }).booking, 5);
    await patient.close();
  }
  const [minePatient, otherPatient] = names as [string, string];

  // The doctor's account, made on a computer; the doctor signs in on a phone.
  const computer = await pageOn(browser, ownServer.baseURL);
  const doctor = await signUpThroughUi(computer.page, uniquePatient('doctor'));
  await computer.close();
  await giveRole(request, token, doctor.email, 'doctor', mine);
  const phone = await pageOn(browser, ownServer.baseURL, PHONE);
  await signInThroughUi(phone.page, doctor);
  await phone.page.goto('/dashboard');
  await openFromMenu(phone.page, 'My Day');
  await expect(phone.page).toHaveURL(/\/dashboard\/my-day$/);
  await expect(phone.page.getByRole('heading', { level: 2, name: `My Day: Dr Mine ${stamp}` })).toBeVisible();
  const list = phone.page.getByRole('list', { name: `Patients of Dr Mine ${stamp}` });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(minePatient);
  await expect(phone.page.getByText(otherPatient)).toHaveCount(0);
  await expectNoHorizontalScroll(phone.page);

  await list.getByRole('button', { name: new RegExp(`^Mark completed: ${minePatient}`) }).click();
  await expect(phone.page.getByText(`${minePatient}: completed`)).toBeVisible();
  await expect(list.getByText('Completed', { exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Mark completed/ })).toHaveCount(0);
  // Still so after a reload: the server recorded it.
  await phone.page.reload();
  await expect(phone.page.getByRole('list', { name: `Patients of Dr Mine ${stamp}` }).getByText('Completed', { exact: true })).toBeVisible();
  expect(phone.errors).toEqual([]);
  await phone.close();
  await owner.close();
});

test('the owner demotes a receptionist and reads it in the Audit screen', async ({ page, browser, ownServer }) => {
  test.setTimeout(60_000);
  const token = await ownerToken(browser, ownServer.baseURL);
  const staff = await pageOn(browser, ownServer.baseURL);
  const rita = await signUpThroughUi(staff.page, uniquePatient('rita'));
  await staff.close();
  const ritaId = await giveRole(page.request, token, rita.email, 'receptionist');

  await logInAsAdmin(page);
  await openFromMenu(page, 'All Users');
  await page.getByLabel('Search by name or email').fill(rita.email);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: rita.email, exact: true }) });
  await expect(row.getByRole('cell', { name: 'receptionist', exact: true })).toBeVisible();
  await row.getByRole('combobox', { name: `Role of ${rita.email}` }).selectOption({ label: 'Patient' });
  const dialog = page.getByRole('dialog', { name: `Change the role of ${rita.name}?` });
  await expect(dialog).toContainText(`${rita.name} (${rita.email}) goes from Receptionist to Patient.`);
  await dialog.getByRole('button', { name: 'Make patient' }).click();
  await expect(page.getByText(`${rita.name} is now a patient`)).toBeVisible();
  await expect(row.getByRole('cell', { name: 'user', exact: true })).toBeVisible();

  await openFromMenu(page, 'Audit');
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await page.getByLabel('Action').fill('user.set-role');
  await page.getByLabel('Target (id or address)').fill(ritaId);
  await page.getByRole('button', { name: 'Filter' }).click();
  const entries = page.getByRole('table', { name: 'Audit' }).getByRole('row');
  // The header, the promotion the test made through the API, and the demotion, newest first.
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(1)).toContainText(ADMIN.email);
  await expect(entries.nth(1)).toContainText('user.set-role');
  await expect(entries.nth(1)).toContainText('from: receptionist, to: user');
  await expect(entries.nth(2)).toContainText('from: user, to: receptionist');
});
