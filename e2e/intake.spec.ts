/**
 * Arrive ready (practice-loop.md section 6) on a 360 px phone: a returning patient whose medical
 * history is outdated (the clinic changed its form) confirms last time's answers a page per tap,
 * signs with their typed name, signs the visit's consent, and checks in from the link in the day's
 * reminder; the doctor's My Day then shows Arrived and the allergy alert. The form pages pass an
 * automated accessibility check (axe-core, WCAG 2.1 A and AA).
 *
 * A server of the spec's own (support/past-visits.ts), mailing to the suite's mailbox: the visit
 * is booked for tomorrow through the API and moved to start in 20 minutes with SQL (no API books
 * so soon after now), and its 2-hour reminder, the one that carries the check-in link, is made due
 * now the same way.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, DEFAULT_MEDICAL_HISTORY, todayInZone } from '@clinic/shared';
import { mailboxURL, smtpURL } from '../playwright.config.ts';
import { PHONE, expectNoHorizontalScroll, logInAsAdmin, openFromMenu } from './support/admin.ts';
import { signInThroughUi, signUpThroughUi, uniquePatient } from './support/auth.ts';
import { accessTokenOf, expect, pageOn, test, type Booking, type Treatment } from './support/past-visits.ts';

test.use({ ownServerEnv: { SMTP_URL: smtpURL, REMINDER_QUIET_HOURS: '', REQUIRE_EMAIL_VERIFICATION: 'none' } });

const PHOTO = fileURLToPath(new URL('../apps/web/src/assets/avatar-sarah.webp', import.meta.url));
const ALLERGY = 'Do you have any allergies (medicines, latex, food)?';
const CONSENT = 'I understand that a root canal may need more than one visit, and agree to it.';
const bearerOf = (token: string) => ({ Authorization: `Bearer ${token}` });

/** No WCAG 2.1 A or AA violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The check-in link mailed to `email`, once the reminder has gone. */
async function checkInLinkMailedTo(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${mailboxURL}/mail?to=${encodeURIComponent(email)}`)).json()) as string[];
      const reminder = mails.find((text) => text.includes('When you arrive, check in here:'));
      link = (reminder && /check in here: (https?:\/\/\S+\/l\/[A-Za-z0-9_-]{43})/.exec(reminder)?.[1]) || '';
      return link;
    }, { timeout: 60_000, intervals: [1_000] })
    .not.toBe('');
  return link;
}

test('a returning patient re-confirms the history, signs consent and checks in from the link; the doctor sees Arrived and the alert', async ({ browser, ownServer }) => {
  test.setTimeout(150_000);
  const owner = await pageOn(browser, ownServer.baseURL);
  await logInAsAdmin(owner.page);
  const headers = bearerOf(await accessTokenOf(owner.page));
  const request = owner.page.request;

  // A doctor, a treatment only they perform, and its consent text.
  const upload = await request.post('/api/image', { headers, multipart: { image: { name: 'photo.webp', mimeType: 'image/webp', buffer: readFileSync(PHOTO) } } });
  const img = ((await upload.json()) as { data: { url: string } }).data.url;
  const stamp = Date.now().toString(36);
  const doctorName = `Dr Intake ${stamp}`;
  const doctorRes = await request.post('/api/doctor', { headers, data: { name: doctorName, email: `intake.${stamp}@clinic.test`, specialty: '', img } });
  const doctorId = ((await doctorRes.json()) as { insertedId: string }).insertedId;
  const created = await request.post('/api/admin/treatments', { headers, data: { name: `Root Canal ${stamp}`, price: 80, requiresDoctor: true, doctorIds: [doctorId] } });
  expect(created.status(), await created.text()).toBe(201);
  const treatmentId = ((await created.json()) as { insertedId: string }).insertedId;
  expect((await request.put(`/api/admin/treatments/${treatmentId}/consent`, { headers, data: { text: CONSENT } })).ok()).toBe(true);

  // The patient filled in the history last year (allergic); then the clinic changed its form.
  const desk = await pageOn(browser, ownServer.baseURL);
  const patient = await signUpThroughUi(desk.page, uniquePatient('intake'));
  await desk.close();
  const phone = await pageOn(browser, ownServer.baseURL, PHONE);
  await signInThroughUi(phone.page, patient);
  const patientHeaders = bearerOf(await accessTokenOf(phone.page));
  const answers = { allergies: 'yes', 'allergies-detail': 'Penicillin', medication: 'no', anticoagulants: 'no', heart: 'no', bleeding: 'no', diabetes: 'no' };
  const first = await phone.page.request.post('/api/me/forms/medical-history', { headers: patientHeaders, data: { version: 1, answers, signature: { typedName: patient.name } } });
  expect(first.status(), await first.text()).toBe(201);
  const changed = await request.put('/api/admin/forms/medical-history', { headers, data: { ...DEFAULT_MEDICAL_HISTORY, title: 'Medical history' } });
  expect(changed.ok(), await changed.text()).toBe(true);

  // The visit: booked for tomorrow, moved to start in 20 minutes; its 2-hour reminder made due now.
  const tomorrow = addDays(todayInZone(new Date(), 'UTC'), 1);
  const available = (await (await phone.page.request.get(`/api/available?date=${tomorrow}`, { headers: patientHeaders })).json()) as Treatment[];
  const treatment = available.find((t) => t._id === treatmentId)!;
  const booked = await phone.page.request.post('/api/booking', {
    headers: patientHeaders,
    data: { treatmentId, treatment: treatment.name, date: tomorrow, slot: treatment.slots[0], phone: '555 0100', doctorId },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = ((await booked.json()) as { booking: Booking }).booking;
  const start = new Date(Date.now() + 20 * 60_000);
  start.setUTCSeconds(0, 0);
  await ownServer.sql.query(
    `UPDATE bookings SET date = $2::date, start_min = $3::smallint, end_min = $3::smallint + 30,
            starts_at = $4::timestamptz, ends_at = $4::timestamptz + interval '30 minutes' WHERE id = $1`,
    [booking._id, start.toISOString().slice(0, 10), start.getUTCHours() * 60 + start.getUTCMinutes(), start.toISOString()],
  );
  const reminder = await ownServer.sql.query<{ id: string }>(
    `UPDATE outbox SET next_attempt_at = now(), expires_at = now() + interval '1 hour'
      WHERE booking_id = $1 AND dedupe_key LIKE '%:2h' RETURNING id`,
    [booking._id],
  );
  expect(reminder.rowCount).toBe(1);
  await ownServer.sql.query(`UPDATE jobs SET run_at = now() WHERE payload->>'outboxId' = $1`, [reminder.rows[0]!.id]);

  // My Forms: last time's answers, confirmed a page per tap, then signed.
  await phone.page.goto('/dashboard/forms');
  await expect(phone.page.getByText('Needs updating')).toBeVisible();
  await expectAccessible(phone.page);
  const started = Date.now();
  // Two pages of last year's answers, one tap each; the third asks what was never answered (all optional).
  for (let page = 0; page < 2; page++) {
    await phone.page.getByRole('button', { name: 'These answers are still right' }).click();
  }
  await phone.page.getByRole('button', { name: 'Next', exact: true }).click();
  await phone.page.getByLabel('Type your full name to sign').first().fill(patient.name);
  await phone.page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(phone.page.getByText('Medical history saved')).toBeVisible();
  await expect(phone.page.getByText('Up to date')).toBeVisible();
  expect(Date.now() - started, 'the re-confirmation takes well under a minute of clicks').toBeLessThan(60_000);

  const consent = phone.page.getByRole('list', { name: 'Consents' }).getByRole('listitem');
  await expect(consent).toContainText(CONSENT);
  await consent.getByLabel('Type your full name to sign').fill(patient.name);
  await consent.getByRole('button', { name: 'Sign consent' }).click();
  await expect(phone.page.getByText('Consent signed')).toBeVisible();
  await expect(consent.getByText('Signed', { exact: true })).toBeVisible();
  await expectAccessible(phone.page);
  await expectNoHorizontalScroll(phone.page);

  // The day's reminder carries the check-in link: one tap at the door.
  const link = await checkInLinkMailedTo(owner.page.request, patient.email);
  await phone.page.goto(new URL(link).pathname);
  await phone.page.getByRole('button', { name: "I'm here" }).click();
  await expect(phone.page.getByText(/^You're checked in/)).toBeVisible();
  expect(phone.errors).toEqual([]);
  await phone.close();

  // The doctor's My Day, on a phone: Arrived, forms complete, and the allergy alert.
  const computer = await pageOn(browser, ownServer.baseURL);
  const doctor = await signUpThroughUi(computer.page, uniquePatient('intake-doctor'));
  await computer.close();
  const users = (await (await request.get('/api/user', { headers })).json()) as { _id: string; email: string }[];
  const doctorUser = users.find((u) => u.email === doctor.email)!;
  expect((await request.put(`/api/admin/users/${doctorUser._id}/role`, { headers, data: { role: 'doctor', doctorId } })).ok()).toBe(true);
  const doctorPhone = await pageOn(browser, ownServer.baseURL, PHONE);
  await signInThroughUi(doctorPhone.page, doctor);
  await doctorPhone.page.goto('/dashboard');
  await openFromMenu(doctorPhone.page, 'My Day');
  const card = doctorPhone.page.getByRole('list', { name: `Patients of ${doctorName}` }).getByRole('listitem').filter({ hasText: patient.name });
  await expect(card.getByText('Arrived', { exact: true })).toBeVisible();
  await expect(card.getByText('Forms complete')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Medical alerts' })).toContainText(ALLERGY);
  await expectNoHorizontalScroll(doctorPhone.page);
  expect(doctorPhone.errors).toEqual([]);
  await doctorPhone.close();
  await owner.close();
});
