/**
 * A patient reviews a visit and the clinic publishes it: My History shows the visit completed, My
 * Reviews offers to review it, the review waits for the clinic (nothing public yet), the admin
 * publishes it from Reviews, and an anonymous visitor then reads it on /reviews (plain text, with
 * the average and schema.org data) and, once three are published, on the home page.
 *
 * A completed visit is a booking moved into the past (support/past-visits.ts) and marked
 * completed by the front desk, so the spec runs on a server of its own: its database starts with
 * no reviews, which makes the average, the count and the home page's three cards certain. The
 * two other reviews the home page needs are written and published through the API.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { addDays, formatMediumDate, texts, todayInZone } from '@clinic/shared';
import { PHONE, expectNoHorizontalScroll, logInAsAdmin, openFromMenu } from './support/admin.ts';
import { signUpThroughUi, uniquePatient } from './support/auth.ts';
import { accessTokenOf, bookSoon, expect, moveIntoThePast, pageOn, test, type Booking } from './support/past-visits.ts';
import type { OwnServer } from './support/own-server.ts';

const PLACEHOLDER_NAMES = ['Winson Herry', 'Sarah Lopez', 'David Kim'];
const LINE_ONE = 'Gentle and quick, <b>not bold</b> at all.';
const LINE_TWO = 'I would come again.';
const REVIEW_TEXT = `${LINE_ONE}\n${LINE_TWO}`;

/** The front desk marks a visit that is over completed. */
async function markCompleted(admin: APIRequestContext, adminToken: string, booking: Booking) {
  const marked = await admin.patch(`/api/admin/bookings/${booking._id}/status`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { status: 'completed' },
  });
  expect(marked.status(), await marked.text()).toBe(200);
}

/**
 * Another patient's review of their completed visit, written and published through the API
 * (what the browser part of the test does through the pages).
 */
async function publishedReviewThroughApi(
  server: OwnServer,
  browser: Browser,
  admin: { request: APIRequestContext; token: string },
  review: { name: string; rating: number; text: string; visitDay: string },
) {
  const context = await browser.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { origin: server.baseURL } });
  try {
    const patient = { ...uniquePatient('reviewer'), name: review.name };
    const signedUp = await context.request.post('/api/auth/sign-up/email', { data: patient });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const exchanged = await context.request.put(`/api/user/${encodeURIComponent(patient.email)}`, { data: { email: patient.email } });
    expect(exchanged.status(), await exchanged.text()).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    const booking = await moveIntoThePast(server, await bookSoon(context.request, token), review.visitDay);
    await markCompleted(admin.request, admin.token, booking);
    const created = await context.request.post(`/api/booking/${booking._id}/review`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { rating: review.rating, text: review.text },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { review: own } = (await created.json()) as { review: { _id: string } };
    const published = await admin.request.patch(`/api/admin/reviews/${own._id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { status: 'published' },
    });
    expect(published.status(), await published.text()).toBe(200);
  } finally {
    await context.close();
  }
}

/** The names on 'What our Patients say''s cards, in order. */
function cardNamesOf(section: Locator) {
  return section.getByRole('listitem').locator('figcaption p:first-child');
}

/** What a review's words read as on screen (line breaks included), and whether any HTML got in. */
async function wordsOf(card: Locator) {
  const words = card.locator('blockquote p');
  return words.evaluate((p) => ({ text: (p as HTMLElement).innerText, elements: p.children.length }));
}

async function expectNothingPublished(page: Page) {
  await page.goto('/reviews');
  const section = page.getByRole('region', { name: texts.testimonialsTitle });
  await expect(section.getByRole('list')).not.toHaveAttribute('aria-busy');
  await expect(cardNamesOf(section)).toHaveText(PLACEHOLDER_NAMES);
  await expect(page.getByText(/out of 5 from/)).toHaveCount(0);
  await expect(page.getByText('not bold')).toHaveCount(0);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
}

test('a patient reviews a completed visit, the clinic publishes it, and visitors read it', async ({
  page,
  browser,
  ownServer,
}) => {
  // About a minute on two busy cores beside the other specs (its own server, four browsers).
  test.setTimeout(120_000);
  const { baseURL } = ownServer;
  const today = todayInZone(new Date(), 'UTC');

  // The patient signs up and books; the front desk marks the visit, moved to yesterday, completed.
  const patient = await pageOn(browser, baseURL);
  await signUpThroughUi(patient.page, { ...uniquePatient('review'), name: 'Rosa Maria Quintero' });
  const visit = await moveIntoThePast(
    ownServer,
    await bookSoon(patient.page.request, await accessTokenOf(patient.page)),
    addDays(today, -1),
  );
  await logInAsAdmin(page);
  const admin = { request: page.request, token: await accessTokenOf(page) };
  await markCompleted(admin.request, admin.token, visit);

  // My History: the visit, completed.
  await patient.page.goto('/dashboard/history');
  const historyRow = patient.page.getByRole('row').filter({ hasText: visit.treatment });
  await expect(historyRow).toHaveCount(1);
  await expect(historyRow).toContainText(formatMediumDate(visit.date));
  await expect(historyRow).toContainText(visit.slot);
  await expect(historyRow.getByText('Completed', { exact: true })).toBeVisible();

  // My Reviews: 'Write a review' for it; five stars with the keyboard, two lines, a location.
  await patient.page.goto('/dashboard/review');
  await patient.page
    .getByRole('button', { name: `Write a review of ${visit.treatment} on ${formatMediumDate(visit.date)}` })
    .click();
  const dialog = patient.page.getByRole('dialog', { name: `Review ${visit.treatment}` });
  await expect(dialog).toContainText('Rosa Q.');
  const stars = dialog.getByRole('radiogroup', { name: 'Your rating' });
  await stars.getByRole('radio', { name: '1 star' }).focus();
  for (let i = 0; i < 4; i++) await patient.page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '5 stars' })).toBeChecked();
  const words = dialog.getByLabel('Your review');
  await words.fill(LINE_ONE);
  await words.press('Enter');
  await words.pressSequentially(LINE_TWO);
  await expect(words).toHaveValue(REVIEW_TEXT);
  await expect(dialog.getByText(`${1000 - REVIEW_TEXT.length} characters left`)).toBeVisible();
  await dialog.getByLabel('Where are you from? (optional)').fill('Lisbon');
  await dialog.getByRole('button', { name: 'Send review' }).click();
  await expect(patient.page.getByText('Thank you! Your review is waiting for the clinic.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const ownReview = patient.page.getByRole('listitem').filter({ hasText: 'not bold' });
  await expect(ownReview.getByText('Waiting for the clinic', { exact: true })).toBeVisible();
  await expect(ownReview.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(ownReview).toContainText('From Lisbon');
  expect(await ownReview.getByText(LINE_ONE).evaluate((p) => (p as HTMLElement).innerText)).toBe(REVIEW_TEXT);
  await expect(patient.page.getByRole('button', { name: /^Write a review of / })).toHaveCount(0);
  await patient.page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(patient.page);

  // Nothing is public before the clinic publishes it.
  const before = await pageOn(browser, baseURL);
  await expectNothingPublished(before.page);

  // The admin publishes it from Reviews, where the words are plain text too.
  await openFromMenu(page, 'Reviews');
  const pending = page.getByRole('listitem').filter({ hasText: 'not bold' });
  await expect(pending).toContainText(`Rosa Q., Lisbon`);
  await expect(pending).toContainText('Rosa Maria Quintero');
  expect(await pending.locator('b').count()).toBe(0);
  await pending.getByRole('button', { name: /^Publish the review by Rosa Q\., / }).click();
  await expect(page.getByText('Review by Rosa Q. published')).toBeVisible();
  await expect(page.getByText('No reviews are waiting for a decision.')).toBeVisible();

  await patient.page.reload();
  await expect(ownReview.getByText('Published', { exact: true })).toBeVisible();

  // An anonymous visitor (a new one: the list may be kept by a browser for half a minute).
  const visitor = await pageOn(browser, baseURL);
  await visitor.page.goto('/reviews');
  const reviews = visitor.page.getByRole('region', { name: texts.testimonialsTitle });
  await expect(visitor.page.getByText('5 out of 5 from 1 review')).toBeVisible();
  await expect(cardNamesOf(reviews)).toHaveText(['Rosa Q.']);
  const card = reviews.getByRole('listitem');
  await expect(card.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(card.getByText('Lisbon', { exact: true })).toBeVisible();
  await expect(card.getByText(LINE_ONE)).toBeVisible();
  expect(await wordsOf(card)).toEqual({ text: REVIEW_TEXT, elements: 0 });
  expect(await visitor.page.locator('b').count()).toBe(0);
  const jsonLd = visitor.page.locator('script[type="application/ld+json"]');
  await expect(jsonLd).toHaveCount(1);
  const data = JSON.parse((await jsonLd.textContent())!) as {
    aggregateRating: { ratingValue: number; reviewCount: number };
    review: { author: { name: string }; reviewBody: string }[];
  };
  expect(data.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
  expect(data.review).toEqual([expect.objectContaining({ author: expect.objectContaining({ name: 'Rosa Q.' }), reviewBody: REVIEW_TEXT })]);

  // The home page keeps the spec's placeholders while fewer than three are published.
  await visitor.page.goto('/');
  const home = visitor.page.getByRole('region', { name: texts.testimonialsTitle });
  await expect(home.locator('script[type="application/ld+json"]')).toHaveCount(1);
  await expect(cardNamesOf(home)).toHaveText(PLACEHOLDER_NAMES);

  // Two more patients' reviews are published; then the home page shows the three newest.
  for (const [i, other] of [
    { name: 'Hugo Berg', rating: 4, text: 'Friendly front desk.' },
    { name: 'Ines Varga', rating: 3, text: 'On time, a little loud.' },
  ].entries()) {
    await publishedReviewThroughApi(ownServer, browser, admin, { ...other, visitDay: addDays(today, -2 - i) });
  }
  const later = await pageOn(browser, baseURL, PHONE);
  await later.page.goto('/');
  const latest = later.page.getByRole('region', { name: texts.testimonialsTitle });
  await expect(cardNamesOf(latest)).toHaveText(['Ines V.', 'Hugo B.', 'Rosa Q.']);
  const rosa = latest.getByRole('listitem').filter({ hasText: 'Rosa Q.' });
  await expect(rosa).toContainText('Lisbon');
  expect(await wordsOf(rosa)).toEqual({ text: REVIEW_TEXT, elements: 0 });

  // /reviews on a phone: the new average, and no sideways scrolling.
  await later.page.goto('/reviews');
  await expect(later.page.getByText('4 out of 5 from 3 reviews')).toBeVisible();
  await expect(cardNamesOf(later.page.getByRole('region', { name: texts.testimonialsTitle }))).toHaveText([
    'Ines V.',
    'Hugo B.',
    'Rosa Q.',
  ]);
  await expectNoHorizontalScroll(later.page);

  for (const other of [patient, before, visitor, later]) {
    expect(other.errors, 'console errors on another page').toEqual([]);
    await other.close();
  }
});
