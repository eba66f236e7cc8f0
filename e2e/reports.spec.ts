/**
 * Reports for the owner (practice-loop.md section 8): the owner opens Reports from the menu on a
 * 1280 px screen and on a 360 px phone, widens the range, narrows it to one doctor, and each time
 * the charts' tables, the cards and the tables by treatment and doctor say what
 * `GET /api/admin/reports/summary` says for the same filters, asked with the same session. A range
 * the server refuses shows its message under the range; the CSV link gives the same days. The page,
 * charts and their tables open, passes axe-core's WCAG 2.1 A and AA checks.
 *
 * A server of the spec's own (support/past-visits.ts), so that no other spec's bookings change the
 * figures between the page's answer and the test's: a patient books through the API, two visits
 * are moved into the past with SQL (no API books one) and marked completed and no-show at the
 * front desk, one is paid at the desk, one booked by the desk and cancelled, one left booked.
 * The charting library loads with this page only: the landing page's scripts never carry it.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, formatMediumDate, todayInZone, type ReportsSummary } from '@clinic/shared';
// The page's own formats: their rules are the unit tests' (report-format.test.ts); here they
// only turn the API's numbers into the text the page must show.
import {
  bookingsTotal,
  durationLabel,
  moneyLabel,
  rateLabel,
} from '../apps/web/src/features/reports/utils/report-format.ts';
import { PHONE, expectNoHorizontalScroll, openFromMenu } from './support/admin.ts';
import { signInThroughUi, signUpThroughUi, uniquePatient } from './support/auth.ts';
import { OWN_ADMIN } from './support/own-server.ts';
import {
  accessTokenOf,
  expect,
  moveIntoThePast,
  pageOn,
  test,
  type Booking,
  type Treatment,
} from './support/past-visits.ts';

const PHOTO = fileURLToPath(new URL('../apps/web/src/assets/avatar-sarah.webp', import.meta.url));
const bearerOf = (token: string) => ({ Authorization: `Bearer ${token}` });

// One server for the file: the tests share it one after another rather than start two.
test.describe.configure({ mode: 'serial' });

const CHARTS = {
  bookings: 'Appointments and no-shows by week',
  revenue: 'Revenue and refunds by week',
  utilization: 'Utilization per doctor',
} as const;

/** A doctor, a treatment only they perform (price $80), and its id: the doctor filter's subject. */
async function doctorWithTreatment(request: APIRequestContext, headers: Record<string, string>) {
  const upload = await request.post('/api/image', {
    headers,
    multipart: {
      image: { name: 'photo.webp', mimeType: 'image/webp', buffer: readFileSync(PHOTO) },
    },
  });
  const img = ((await upload.json()) as { data: { url: string } }).data.url;
  const stamp = Date.now().toString(36);
  const doctorName = `Dr Report ${stamp}`;
  const doctor = await request.post('/api/doctor', {
    headers,
    data: { name: doctorName, email: `report.${stamp}@clinic.test`, specialty: '', img },
  });
  expect(doctor.ok(), await doctor.text()).toBe(true);
  const doctorId = ((await doctor.json()) as { insertedId: string }).insertedId;
  const created = await request.post('/api/admin/treatments', {
    headers,
    data: {
      name: `Implant Check ${stamp}`,
      price: 80,
      requiresDoctor: true,
      doctorIds: [doctorId],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const treatmentId = ((await created.json()) as { insertedId: string }).insertedId;
  return { doctorId, doctorName, treatmentId };
}

/** The first `count` days after `today` on which a treatment has a free start, with its starts. */
async function daysWithSlots(
  request: APIRequestContext,
  headers: Record<string, string>,
  treatmentId: string,
  today: string,
  count: number,
): Promise<{ date: string; treatment: Treatment }[]> {
  const found: { date: string; treatment: Treatment }[] = [];
  for (let ahead = 1; ahead <= 14 && found.length < count; ahead++) {
    const date = addDays(today, ahead);
    const treatment = (await available(request, headers, date)).find((t) => t._id === treatmentId);
    if (treatment && treatment.slots.length > 0) found.push({ date, treatment });
  }
  expect(found, 'days with a free start in the coming two weeks').toHaveLength(count);
  return found;
}

/** The free starts of every treatment on `day`. */
async function available(request: APIRequestContext, headers: Record<string, string>, day: string) {
  const res = await request.get(`/api/available?date=${day}`, { headers });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Treatment[];
}

async function bookOnline(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { treatmentId: string; treatment: string; date: string; slot: string; doctorId?: string },
): Promise<Booking> {
  const res = await request.post('/api/booking', { headers, data: { ...data, phone: '' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { booking: Booking }).booking;
}

/** Every row of a table, header row first, as its cells' texts. */
function rowsOf(table: Locator): Promise<string[][]> {
  return table.evaluate((element) =>
    [...(element as HTMLTableElement).rows].map((row) =>
      [...row.cells].map((cell) => (cell.textContent ?? '').trim()),
    ),
  );
}

/**
 * What the API answers, with the page's session, for the range shown and the filters the page's
 * address holds (an address without a range shows the default one).
 */
async function summaryFor(page: Page, from: string, to: string): Promise<ReportsSummary> {
  const search = new URL(page.url()).searchParams;
  search.set('from', from);
  search.set('to', to);
  const res = await page.request.get(`/api/admin/reports/summary?${search.toString()}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ReportsSummary;
}

/** Waits for the report of the page's current filters to be on screen, not dimmed. */
async function settledReport(page: Page, from: string, to: string) {
  const range =
    from === to ? formatMediumDate(from) : `${formatMediumDate(from)} – ${formatMediumDate(to)}`;
  await expect(page.getByText(`Figures for ${range}`)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A card's value, found by its title. */
function cardValue(page: Page, title: string): Locator {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${title}$`) }) })
    .locator('dd')
    .first();
}

/** The charts' tables (opened from their disclosures), the cards and the tables agree with the API. */
async function expectReportMatchesApi(page: Page, summary: ReportsSummary) {
  for (const title of Object.values(CHARTS)) {
    const figure = page.getByRole('figure', { name: title });
    await expect(figure.getByRole('img', { name: new RegExp(`^${title}: `) })).toBeVisible();
    const details = figure.locator('details');
    if ((await details.getAttribute('open')) === null) await figure.locator('summary').click();
  }
  const weekOf = (week: string) => formatMediumDate(week);
  expect(await rowsOf(page.getByRole('table', { name: CHARTS.bookings }))).toEqual([
    ['Week of', 'Appointments', 'No-shows'],
    ...summary.byWeek.map((w) => [weekOf(w.week), String(bookingsTotal(w)), String(w.noShow)]),
  ]);
  expect(await rowsOf(page.getByRole('table', { name: CHARTS.revenue }))).toEqual([
    ['Week of', 'Taken', 'Refunded', 'Net'],
    ...summary.byWeek.map((w) => [
      weekOf(w.week),
      moneyLabel(w.paidCents),
      moneyLabel(w.refundedCents),
      moneyLabel(w.netCents),
    ]),
  ]);
  expect(await rowsOf(page.getByRole('table', { name: CHARTS.utilization }))).toEqual([
    ['Doctor', 'Utilization', 'Booked', 'Open'],
    ...summary.byDoctor.map((d) => [
      d.name,
      rateLabel(d.utilization),
      durationLabel(d.bookedMin),
      durationLabel(d.openMin),
    ]),
  ]);
  expect(await rowsOf(page.getByRole('table', { name: 'By treatment' }))).toEqual([
    ['Treatment', 'Appointments', 'Completed', 'No-shows', 'Cancelled', 'Booked time'],
    ...summary.byTreatment.map((t) => [
      t.name,
      String(bookingsTotal(t)),
      String(t.completed),
      String(t.noShow),
      String(t.cancelled),
      durationLabel(t.bookedMin),
    ]),
  ]);
  expect(await rowsOf(page.getByRole('table', { name: 'By doctor' }))).toEqual([
    ['Doctor', 'Appointments', 'Booked time', 'Open time', 'Utilization'],
    ...summary.byDoctor.map((d) => [
      d.name,
      String(d.bookings),
      durationLabel(d.bookedMin),
      durationLabel(d.openMin),
      rateLabel(d.utilization),
    ]),
  ]);
  await expect(cardValue(page, 'Appointments')).toHaveText(String(bookingsTotal(summary.bookings)));
  await expect(cardValue(page, 'No-show rate')).toHaveText(rateLabel(summary.noShowRate));
  await expect(cardValue(page, 'Net revenue')).toHaveText(moneyLabel(summary.revenue.netCents));
}

test('the owner reads the reports on a screen and a phone; the tables agree with the API', async ({
  page,
  browser,
  ownServer,
}) => {
  test.setTimeout(120_000);
  const today = todayInZone(new Date(), 'UTC');

  // The owner, a doctor with a treatment of their own, and a patient.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughUi(page, OWN_ADMIN);
  const owner = bearerOf(await accessTokenOf(page));
  const { doctorId, doctorName, treatmentId } = await doctorWithTreatment(page.request, owner);
  const patientPage = await pageOn(browser, ownServer.baseURL);
  const patient = await signUpThroughUi(patientPage.page, uniquePatient('report'));
  const headers = bearerOf(await accessTokenOf(patientPage.page));

  // Online: two with the doctor and one of another treatment, then one the desk books for the
  // patient who phoned and cancels. A patient has one booking of a treatment a day: three days.
  const days = await daysWithSlots(patientPage.page.request, headers, treatmentId, today, 3);
  const bookWithDoctor = (day: { date: string; treatment: Treatment }) =>
    bookOnline(patientPage.page.request, headers, {
      treatmentId,
      treatment: day.treatment.name,
      date: day.date,
      slot: day.treatment.slots[0]!,
      doctorId,
    });
  const completed = await bookWithDoctor(days[0]!);
  const noShow = await bookWithDoctor(days[1]!);
  const other = (await available(patientPage.page.request, headers, days[0]!.date)).find(
    (t) => t._id !== treatmentId && t.slots.length > 0,
  )!;
  // The day's last start, away from the doctor's first one.
  await bookOnline(patientPage.page.request, headers, {
    treatmentId: other._id,
    treatment: other.name,
    date: days[0]!.date,
    slot: other.slots.at(-1)!,
  });
  await patientPage.close();

  const deskBooked = await page.request.post('/api/admin/bookings', {
    headers: owner,
    data: {
      treatmentId,
      date: days[2]!.date,
      slot: days[2]!.treatment.slots[0],
      doctorId,
      patient: { email: patient.email },
    },
  });
  expect(deskBooked.status(), await deskBooked.text()).toBe(201);
  const cancelledId = ((await deskBooked.json()) as { booking: Booking }).booking._id;
  const cancel = await page.request.post(`/api/admin/bookings/${cancelledId}/cancel`, {
    headers: owner,
    data: { reason: 'The patient phoned', refund: 'none', notify: false },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);

  // Two visits in the past: one completed and paid at the desk, one a no-show.
  await moveIntoThePast(ownServer, completed, addDays(today, -3));
  await moveIntoThePast(ownServer, noShow, addDays(today, -1));
  for (const [booking, status] of [
    [completed, 'completed'],
    [noShow, 'no_show'],
  ] as const) {
    const marked = await page.request.patch(`/api/admin/bookings/${booking._id}/status`, {
      headers: owner,
      data: { status },
    });
    expect(marked.ok(), await marked.text()).toBe(true);
  }
  const paid = await page.request.post(`/api/admin/bookings/${completed._id}/payment`, {
    headers: owner,
    data: { method: 'cash' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // Reports from the menu: the last 30 days ending today, the two past visits.
  await openFromMenu(page, 'Reports');
  await expect(page).toHaveTitle('Reports - Doctors Portal');
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
  await settledReport(page, addDays(today, -29), today);
  let summary = await summaryFor(page, addDays(today, -29), today);
  expect(summary.bookings).toMatchObject({ completed: 1, noShow: 1 });
  expect(summary.revenue.paidCents).toBe(8_000);
  await expectReportMatchesApi(page, summary);
  await expect(cardValue(page, 'No-show rate')).toHaveText('50%');
  // The page's content: the side menu is the dashboard's frame, not this page's.
  const axe = await new AxeBuilder({ page })
    .include('.drawer-content')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  // recharts drew the bars (the tables alone would pass without it).
  await expect(
    page.getByRole('figure', { name: CHARTS.bookings }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();

  // A range past what the server reports: its message under the range.
  await page.getByLabel('From', { exact: true }).fill(addDays(today, -400));
  await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(
    'Ask for at most 366 days at a time',
  );
  await expect(page.getByRole('alert')).toContainText('Ask for at most 366 days at a time');

  // Up to two weeks ahead: the booking still to come and the cancelled one come in.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await page.getByLabel('To', { exact: true }).fill(addDays(today, 14));
  await settledReport(page, addDays(today, -29), addDays(today, 14));
  expect(new URL(page.url()).searchParams.get('to')).toBe(addDays(today, 14));
  summary = await summaryFor(page, addDays(today, -29), addDays(today, 14));
  expect(summary.bookings).toEqual({ confirmed: 1, cancelled: 1, completed: 1, noShow: 1 });
  await expectReportMatchesApi(page, summary);

  // One doctor: the other treatment's booking goes.
  await page.getByLabel('Doctor', { exact: true }).selectOption({ label: doctorName });
  await expect(page).toHaveURL(new RegExp(`doctorId=${doctorId}`));
  await settledReport(page, addDays(today, -29), addDays(today, 14));
  summary = await summaryFor(page, addDays(today, -29), addDays(today, 14));
  expect(summary.bookings).toEqual({ confirmed: 0, cancelled: 1, completed: 1, noShow: 1 });
  await expectReportMatchesApi(page, summary);

  // A reload keeps the filters; the CSV link asks for the same, a row per day.
  await page.reload();
  await settledReport(page, addDays(today, -29), addDays(today, 14));
  await expect(page.getByLabel('Doctor', { exact: true })).toHaveValue(doctorId);
  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  expect(csvHref).toBe(`/api/admin/reports/summary.csv${new URL(page.url()).search}`);
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe('date,confirmed,cancelled,completed,no_show,paid,refunded,net');
  expect(lines).toHaveLength(1 + summary.byDay.length);

  // The same report on a phone: the menu's drawer, no sideways scroll, the same numbers.
  const phone = await pageOn(browser, ownServer.baseURL, PHONE);
  await signInThroughUi(phone.page, OWN_ADMIN);
  await openFromMenu(phone.page, 'Reports');
  await settledReport(phone.page, addDays(today, -29), today);
  await phone.page.getByLabel('Doctor', { exact: true }).selectOption({ label: doctorName });
  // The address changes in the same render that dims the old figures: then wait for the new ones.
  await expect(phone.page).toHaveURL(new RegExp(`doctorId=${doctorId}`));
  await settledReport(phone.page, addDays(today, -29), today);
  await expect(
    phone.page
      .getByRole('figure', { name: CHARTS.revenue })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  await expectReportMatchesApi(
    phone.page,
    await summaryFor(phone.page, addDays(today, -29), today),
  );
  await expectNoHorizontalScroll(phone.page);
  expect(phone.errors, 'console errors on the phone').toEqual([]);
  await phone.close();
});

test('the landing page never loads the charting library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    // recharts' class names are strings in its code, whatever the minifier does to the rest.
    expect(await (await page.request.get(url)).text(), url).not.toContain('recharts-');
  }
  // And the Reports page's own code does carry them: the check above would see the library.
  await signInThroughUi(page, OWN_ADMIN);
  const reportsChunk = page.waitForResponse((r) =>
    /\/assets\/dashboard-reports-[\w-]+\.js$/.test(r.url()),
  );
  await page.goto('/dashboard/reports');
  expect(await (await reportsChunk).text()).toContain('recharts-');
});
