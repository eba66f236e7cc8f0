/**
 * From a recall mail to a booked time on a phone (practice-loop.md section 4): the admin recalls
 * Teeth Cleaning after 6 months in its edit dialog; a patient's Teeth Cleaning of about six
 * months ago is marked completed, so the server makes the patient due again in about a week and
 * its minute tick mails the recall link; on a 360 px phone the patient follows the link (the
 * first tap) and taps the first offered time (the second), and the booking is there.
 *
 * A visit six months ago is a booking moved into the past (support/past-visits.ts), so the spec
 * runs on a server of its own, which also mails to the suite's mailbox, sends at any hour (the
 * default quiet hours, 21.00 to 07.00, would hold the mail back when the suite runs at night) and
 * lets an unverified patient book (the visit is booked through the API; verification is
 * email-verification.spec.ts's). The recall lead time stays the default 14 days.
 */
import type { APIRequestContext } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone, type LinkView } from '@clinic/shared';
import { mailboxURL, smtpURL } from '../playwright.config.ts';
import { expectNoHorizontalScroll, logInAsAdmin } from './support/admin.ts';
import { uniquePatient } from './support/auth.ts';
import {
  accessTokenOf,
  expect,
  moveIntoThePast,
  pageOn,
  test,
  type Booking,
  type Treatment,
} from './support/past-visits.ts';

test.use({
  ownServerEnv: { SMTP_URL: smtpURL, REMINDER_QUIET_HOURS: '', REQUIRE_EMAIL_VERIFICATION: 'none' },
});

const TREATMENT = 'Teeth Cleaning';

/** `months` calendar months before `iso` (a day that every month has, so none overflows). */
function monthsBefore(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, 28))).toISOString().slice(0, 10);
}

/** Books Teeth Cleaning at its first free time from tomorrow on, with the patient's token. */
async function bookTeethCleaning(request: APIRequestContext, token: string): Promise<Booking> {
  const headers = { Authorization: `Bearer ${token}` };
  const today = todayInZone(new Date(), 'UTC');
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = addDays(today, ahead);
    const available = await request.get(`/api/available?date=${day}`, { headers });
    expect(available.ok()).toBe(true);
    const treatment = ((await available.json()) as Treatment[]).find(
      (t) => t.name === TREATMENT && t.slots.length > 0,
    );
    if (!treatment) continue;
    const created = await request.post('/api/booking', {
      headers,
      data: {
        treatmentId: treatment._id,
        treatment: treatment.name,
        date: day,
        slot: treatment.slots[0],
        phone: '',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { booking: Booking }).booking;
  }
  throw new Error(`no free ${TREATMENT} in the coming week`);
}

/** The recall link mailed to `email`, once it has come (the recall tick runs once a minute). */
async function recallLinkMailedTo(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`${mailboxURL}/mail?to=${encodeURIComponent(email)}`)
        ).json()) as string[];
        const recall = mails.find((text) => text.includes(`Choose a time, no password needed:`));
        link = (recall && /https?:\/\/\S+\/l\/[A-Za-z0-9_-]{43}/.exec(recall)?.[0]) || '';
        return link;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .not.toBe('');
  return link;
}

test('a recall mail’s link books the first offered time with one tap on a 360 px phone', async ({
  page,
  browser,
  ownServer,
}) => {
  test.setTimeout(240_000);
  const today = todayInZone(new Date(), 'UTC');

  // The admin recalls Teeth Cleaning after 6 months, in the treatment's edit dialog.
  await logInAsAdmin(page);
  await page.goto('/dashboard/treatments');
  await page.getByRole('button', { name: `Edit ${TREATMENT}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${TREATMENT}` });
  await dialog.getByLabel('Recall after (months)').fill('6');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/admin/treatments/') && r.request().method() === 'PATCH',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const savedTreatment = await saved;
  expect(savedTreatment.status(), await savedTreatment.text()).toBe(200);
  expect(await savedTreatment.json()).toMatchObject({ name: TREATMENT, recallMonths: 6 });
  await expect(page.getByText(`Treatment ${TREATMENT} saved`)).toBeVisible();
  const adminToken = await accessTokenOf(page);

  // A patient signs up and books Teeth Cleaning (API); the visit is moved to six months ago
  // less a week, and the front desk marks it completed: due again in about a week, which is
  // within the 14 days before the due date when the first recall message goes.
  const patient = uniquePatient('recall');
  const api = await browser.newContext({
    baseURL: ownServer.baseURL,
    extraHTTPHeaders: { origin: ownServer.baseURL },
  });
  const signedUp = await api.request.post('/api/auth/sign-up/email', { data: patient });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const exchanged = await api.request.put(`/api/user/${encodeURIComponent(patient.email)}`, {
    data: { email: patient.email },
  });
  expect(exchanged.status(), await exchanged.text()).toBe(200);
  const { token } = (await exchanged.json()) as { token: string };
  const visitDay = addDays(monthsBefore(today, 6), 7);
  const visit = await moveIntoThePast(
    ownServer,
    await bookTeethCleaning(api.request, token),
    visitDay,
  );
  const completed = await page.request.patch(`/api/admin/bookings/${visit._id}/status`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { status: 'completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);

  // The recall mail comes, with a link of its own.
  const link = new URL(await recallLinkMailedTo(page.request, patient.email));
  expect(link.origin).toBe(ownServer.baseURL);

  // The first tap: the link, on a phone.
  const phone = await pageOn(browser, ownServer.baseURL, { width: 360, height: 740 });
  const linkToken = link.pathname.split('/').at(-1)!;
  const viewed = phone.page.waitForResponse((r) => r.url().endsWith(`/api/links/${linkToken}`));
  await phone.page.goto(link.pathname);
  const view = (await (await viewed).json()) as LinkView;
  expect(view).toMatchObject({
    purpose: 'recall',
    firstName: 'Pat',
    recall: { treatment: TREATMENT },
  });
  expect(view.booking).toBeUndefined();
  const [first] = view.suggestions ?? [];
  expect(first, 'the link offers a free time').toBeDefined();
  await expect(
    phone.page.getByRole('heading', { level: 1, name: 'Time for your check-up' }),
  ).toBeVisible();
  await expect(
    phone.page.getByText(`Your ${TREATMENT} is due on ${formatMediumDate(view.recall!.dueDate)}.`),
  ).toBeVisible();
  const offered = phone.page
    .getByRole('region', { name: 'Tap a time to book it' })
    .getByRole('button');
  await expect(offered).toHaveCount(view.suggestions!.length);
  await expect(offered.first()).toContainText(first!.slot);
  await expectNoHorizontalScroll(phone.page);

  // The second tap: the first offered time, booked.
  const booked = phone.page.waitForResponse(
    (r) => r.url().endsWith('/book') && r.request().method() === 'POST',
  );
  await offered.first().click();
  const bookedResponse = await booked;
  expect(bookedResponse.status(), await bookedResponse.text()).toBe(200);
  expect(bookedResponse.request().postDataJSON()).toMatchObject({
    date: first!.date,
    slot: first!.slot,
  });
  await expect(
    phone.page.getByText(`You're booked, Pat: ${formatMediumDate(first!.date)} at ${first!.slot}`),
  ).toBeVisible();
  await expectNoHorizontalScroll(phone.page);

  // The patient's appointments hold it, and the front desk's recall is booked.
  const own = await api.request.get(`/api/booking?patient=${encodeURIComponent(patient.email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(own.status(), await own.text()).toBe(200);
  const upcoming = ((await own.json()) as (Booking & { status: string })[]).filter(
    (b) => b.status === 'confirmed',
  );
  expect(
    upcoming.map((b) => ({ treatment: b.treatment, date: b.date.slice(0, 10), slot: b.slot })),
  ).toEqual([{ treatment: TREATMENT, date: first!.date, slot: first!.slot }]);
  const recalls = await page.request.get('/api/admin/recalls?status=booked', {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(recalls.status(), await recalls.text()).toBe(200);
  const items = ((await recalls.json()) as { items: { patient: { email: string } }[] }).items;
  expect(items.map((item) => item.patient.email)).toContain(patient.email);

  expect(phone.errors, 'console errors on the phone').toEqual([]);
  await phone.close();
  await api.close();
});
