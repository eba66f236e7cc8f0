/**
 * The waitlist through the API (design clinic-operations.md sections 3.2 and 5.5; section 7,
 * issue 3, points 4 and 5): joining and its limits, an offer within one runner cycle after a
 * cancellation, the first claimer winning through the booking path, expiry, the next batch, and
 * leaving. The clock is pinned and moved by the tests; the job runner is run by hand.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE, type TreatmentAvailability, type WaitlistList } from '@clinic/shared';
import { bookings, outbox, users, waitlistEntries, waitlistOffers } from '../../db/schema.ts';
import { bearer, buildTestApp, createBooking, signUp, treatmentsOn, type TestApp, type TestUser } from '../../test/helper.ts';

const START = new Date('2030-06-05T10:15:00Z').getTime();
const NINE = '09.00 AM - 09.30 AM';
const TEN = '10.00 AM - 10.30 AM';
const MINUTE = 60_000;

describe('the waitlist', () => {
  let t: TestApp;
  let clockMs = START;
  let cleaning: TreatmentAvailability;
  let day = 7;
  /** A day of its own per test (the treatments are shared). */
  const nextDay = () => `2030-06-${String(day++).padStart(2, '0')}`;

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => new Date(clockMs), jobs: { autoStart: false } });
    cleaning = (await treatmentsOn(t, '2030-06-07')).find((x) => x.name === 'Teeth Cleaning')!;
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    clockMs = START;
  });

  const join = (user: TestUser, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/waitlist', headers: bearer(user), payload: body });
  const list = async (user: TestUser) => (await t.app.inject({ url: '/api/waitlist', headers: bearer(user) })).json<WaitlistList>();
  const claim = (user: TestUser, offerId: string) =>
    t.app.inject({ method: 'POST', url: `/api/waitlist/offers/${offerId}/claim`, headers: bearer(user), payload: {} });
  const cancel = (user: TestUser, id: string) => t.app.inject({ method: 'POST', url: `/api/booking/${id}/cancel`, headers: bearer(user), payload: {} });
  /** Waits for the 09.00 cleaning only. */
  const nineOnly = (date: string) => ({ treatmentId: cleaning._id, from: date, to: date, earliestMin: 540, latestMin: 570 });
  const offersOf = async (user: TestUser) => (await list(user)).flatMap((e) => e.offers);

  it('offers a cancelled time to the waiting patient within one runner cycle, by mail and on the waitlist', async () => {
    const date = nextDay();
    const [holder, waiter] = [await signUp(t), await signUp(t)];
    const booked = await createBooking(t, holder, { treatmentId: cleaning._id, date, slot: NINE });
    const joined = await join(waiter, nineOnly(date));
    expect(joined.statusCode).toBe(201);
    expect(joined.json().entry).toMatchObject({ treatment: 'Teeth Cleaning', from: date, to: date, status: 'waiting', doctor: null });
    await t.app.jobs.drain();
    expect(await offersOf(waiter)).toEqual([]);

    expect((await cancel(holder, booked._id)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const [entry] = await list(waiter);
    expect(entry!.entry.status).toBe('offered');
    expect(entry!.offers).toHaveLength(1);
    expect(entry!.offers[0]).toMatchObject({ date, slot: NINE, treatment: 'Teeth Cleaning', status: 'open', expiresAt: new Date(START + 30 * MINUTE).toISOString() });
    const mails = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, waiter.email), eq(outbox.kind, 'waitlist-offer')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Teeth Cleaning');
    expect(mails[0]!.textBody).toContain('/dashboard/waitlist');
    // Not sent once the offer has expired.
    expect(mails[0]!.expiresAt?.toISOString()).toBe(new Date(START + 30 * MINUTE).toISOString());
  });

  it('gives the time to exactly one of two offered patients claiming at once; the other gets 409 slot_taken and waits on', async () => {
    const date = nextDay();
    const [holder, first, second] = [await signUp(t), await signUp(t), await signUp(t)];
    const booked = await createBooking(t, holder, { treatmentId: cleaning._id, date, slot: NINE });
    await join(first, nineOnly(date));
    await join(second, nineOnly(date));
    await cancel(holder, booked._id);
    await t.app.jobs.drain();
    const [a] = await offersOf(first);
    const [b] = await offersOf(second);
    expect(a && b).toBeTruthy();

    const answers = await Promise.all([claim(first, a!._id), claim(second, b!._id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.statusCode === 409)!;
    expect(lost.json()).toMatchObject({ code: 'slot_taken', detail: SLOT_TAKEN_MESSAGE });
    const won = answers.find((r) => r.statusCode === 201)!.json();
    expect(won).toMatchObject({ success: true, booking: { date, slot: NINE, treatment: 'Teeth Cleaning' } });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, won.booking._id));
    expect(row!.createdVia).toBe('waitlist');
    const confirmed = await t.db.select().from(bookings).where(and(eq(bookings.date, date), eq(bookings.slot, NINE), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(1);

    const winner = answers[0]!.statusCode === 201 ? first : second;
    const loser = winner === first ? second : first;
    expect(await list(winner)).toEqual([]); // booked: no longer waiting
    const [waiting] = await list(loser);
    expect(waiting!.entry.status).toBe('waiting');
    expect(waiting!.offers).toEqual([]);
  });

  it('refuses a claim after the offer expired with 410, even though the time is still free', async () => {
    const date = nextDay();
    const [holder, waiter] = [await signUp(t), await signUp(t)];
    const booked = await createBooking(t, holder, { treatmentId: cleaning._id, date, slot: NINE });
    await join(waiter, nineOnly(date));
    await cancel(holder, booked._id);
    await t.app.jobs.drain();
    const [offer] = await offersOf(waiter);
    clockMs = START + 31 * MINUTE;
    const late = await claim(waiter, offer!._id);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('offer_expired');
    // The time can still be booked the ordinary way.
    expect((await createBooking(t, waiter, { treatmentId: cleaning._id, date, slot: NINE })).slot).toBe(NINE);
  });

  it('after offers expire, offers the time to the next batch only if it is still free', async () => {
    const date = nextDay();
    const holder = await signUp(t);
    const waiters = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    const booked = await createBooking(t, holder, { treatmentId: cleaning._id, date, slot: NINE });
    for (const w of waiters) await join(w, nineOnly(date));
    await cancel(holder, booked._id);
    await t.app.jobs.drain();
    // WAITLIST_BATCH_SIZE = 3, first come first offered.
    expect((await Promise.all(waiters.map(offersOf))).map((o) => o.length)).toEqual([1, 1, 1, 0]);

    clockMs = START + 31 * MINUTE;
    await t.app.jobs.drain(); // the minute tick expires them and offers the time again
    expect((await Promise.all(waiters.map(offersOf))).map((o) => o.length)).toEqual([0, 0, 0, 1]);
    const expired = await t.db.select().from(waitlistOffers).where(eq(waitlistOffers.status, 'expired'));
    expect(expired.filter((o) => o.date === date)).toHaveLength(3);

    // Same again on a day where the time was booked meanwhile: nobody is offered it.
    const other = nextDay();
    clockMs = START;
    const [holder2, w1, w2] = [await signUp(t), await signUp(t), await signUp(t)];
    const booked2 = await createBooking(t, holder2, { treatmentId: cleaning._id, date: other, slot: NINE });
    await join(w1, nineOnly(other));
    await cancel(holder2, booked2._id);
    await t.app.jobs.drain();
    expect(await offersOf(w1)).toHaveLength(1);
    await join(w2, nineOnly(other));
    await createBooking(t, await signUp(t), { treatmentId: cleaning._id, date: other, slot: NINE });
    // A booked time is no offer any more, at once on the waitlist and for the tick.
    expect(await offersOf(w1)).toEqual([]);
    // A minute of its own: that minute's tick (one per minute, cluster-wide) has not run yet.
    clockMs = START + 32 * MINUTE;
    await t.app.jobs.drain();
    expect(await offersOf(w2)).toEqual([]);
    const [w1Entry] = await list(w1);
    expect(w1Entry!.entry.status).toBe('waiting');
  });

  it('lists entries and open offers; leaving stops offers; another patient’s entry or offer is a 404', async () => {
    const date = nextDay();
    const [holder, waiter, stranger] = [await signUp(t), await signUp(t), await signUp(t)];
    const booked = await createBooking(t, holder, { treatmentId: cleaning._id, date, slot: NINE });
    const entryId = (await join(waiter, nineOnly(date))).json().entry._id as string;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${entryId}`, headers: bearer(stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${entryId}`, headers: bearer(waiter) })).statusCode).toBe(204);
    expect(await list(waiter)).toEqual([]);
    await cancel(holder, booked._id);
    await t.app.jobs.drain();
    const offers = await t.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));
    expect(offers).toEqual([]);

    // An offer of someone else's is a 404 to the caller.
    const date2 = nextDay();
    const booked2 = await createBooking(t, holder, { treatmentId: cleaning._id, date: date2, slot: TEN });
    await join(waiter, { treatmentId: cleaning._id, from: date2, to: date2, earliestMin: 600, latestMin: 630 });
    await cancel(holder, booked2._id);
    await t.app.jobs.drain();
    const [offer] = await offersOf(waiter);
    expect((await claim(stranger, offer!._id)).statusCode).toBe(404);
  });

  it('limits entries: one per treatment (409 conflict) and three per patient (409 waitlist_limit_reached); checks the range', async () => {
    const patient = await signUp(t);
    const all = await treatmentsOn(t, '2030-06-07');
    const range = { from: '2030-06-10', to: '2030-06-20' };
    for (const treatment of all.slice(0, 3)) expect((await join(patient, { treatmentId: treatment._id, ...range })).statusCode).toBe(201);
    const again = await join(patient, { treatmentId: all[0]!._id, ...range });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
    const fourth = await join(patient, { treatmentId: all[3]!._id, ...range });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('waitlist_limit_reached');

    const other = await signUp(t);
    const tooLong = await join(other, { treatmentId: cleaning._id, from: '2030-06-10', to: '2030-08-10' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.to[0]).toMatch(/60 days/);
    const past = await join(other, { treatmentId: cleaning._id, from: '2030-06-01', to: '2030-06-10' });
    expect(past.statusCode).toBe(400);
    const backwards = await join(other, { treatmentId: cleaning._id, from: '2030-06-10', to: '2030-06-09' });
    expect(backwards.statusCode).toBe(400);
    const beyond = await join(other, { treatmentId: cleaning._id, from: '2030-08-30', to: '2030-09-10' });
    expect(beyond.statusCode).toBe(400);
    const unknown = await join(other, { treatmentId: '00000000-0000-4000-8000-000000000000', from: '2030-06-10', to: '2030-06-12' });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists the patient’s entries in their data export, and removes them with the account', async () => {
    const patient = await signUp(t);
    await join(patient, { treatmentId: cleaning._id, from: '2030-06-20', to: '2030-06-25' });
    const exported = await t.app.inject({ url: '/api/me/export', headers: bearer(patient) });
    expect(exported.json().waitlist).toEqual([
      { treatment: 'Teeth Cleaning', from: '2030-06-20', to: '2030-06-25', status: 'waiting', createdAt: expect.any(String) },
    ]);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(patient), payload: { password: patient.password } });
    expect(gone.statusCode).toBe(202);
    const left = await t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.treatmentId, cleaning._id), eq(waitlistEntries.dateFrom, '2030-06-20')));
    expect(left).toEqual([]);
  });

  it('ends the waiting when the patient books that treatment by any path', async () => {
    const date = nextDay();
    const patient = await signUp(t);
    await join(patient, { treatmentId: cleaning._id, from: date, to: date });
    expect(await list(patient)).toHaveLength(1);
    await createBooking(t, patient, { treatmentId: cleaning._id, date, slot: TEN });
    expect(await list(patient)).toEqual([]);
    // This patient's own entry, not any booked one of the shared app.
    const [patientId] = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, patient.email))).map((u) => u.id);
    const rows = await t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.treatmentId, cleaning._id), eq(waitlistEntries.patientId, patientId!)));
    expect(rows.map((r) => r.status)).toEqual(['booked']);
  });
});
