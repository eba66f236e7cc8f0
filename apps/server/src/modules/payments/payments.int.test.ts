import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, jobs, outbox, payments, processedEvents, refunds } from '../../db/schema.ts';
import { ISSUE_REFUND_JOB } from './refunds.service.ts';
import { bearer, buildTestApp, createSignedInPatients, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

type Patient = { email: string; token: string };

async function bookOne(t: TestApp, user: Patient, treatmentIndex = 0, slotIndex = 0) {
  const treatments = (await t.app.inject(`/api/available?date=${DAY}`)).json<{ _id: string; slots: string[] }[]>();
  const treatment = treatments[treatmentIndex]!;
  const res = await t.app.inject({
    method: 'POST', url: '/api/booking', headers: bearer(user),
    payload: { treatmentId: treatment._id, date: DAY, slot: treatment.slots[slotIndex] },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ booking: { _id: string; price: number } }>().booking;
}

describe('test-mode payments', () => {
  let t: TestApp;
  let ann: Patient;
  const pay = (user: Patient, id: string, card: Record<string, string> = CARD) =>
    t.app.inject({ method: 'POST', url: `/api/booking/${id}/pay`, headers: bearer(user), payload: card });

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
  });
  beforeEach(async () => {
    ann = (await createSignedInPatients(t, 1, 'payer'))[0]!;
  });
  afterAll(() => t.close());

  it('says it is in test mode', async () => {
    expect((await t.app.inject('/api/payments/config')).json()).toEqual({ mode: 'test' });
  });

  it('pays with 4242 4242 4242 4242 once; My Appointments then shows it paid with the transaction id', async () => {
    const booking = await bookOne(t, ann, 0);
    const res = await pay(ann, booking._id);
    expect(res.statusCode).toBe(200);
    const { transactionId } = res.json<{ paid: true; transactionId: string }>();
    expect(transactionId).toMatch(/^test_[0-9a-f]{32}$/);
    const list = (await t.app.inject({ url: `/api/booking?patient=${ann.email}`, headers: bearer(ann) })).json<{ _id: string; paid: boolean; transactionId: string }[]>();
    expect(list.find((b) => b._id === booking._id)).toMatchObject({ paid: true, transactionId });

    const again = await pay(ann, booking._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This booking is already paid.');
  });

  it('declines 4000 0000 0000 0002 with a clear message and leaves the booking unpaid', async () => {
    const booking = await bookOne(t, ann, 1);
    const res = await pay(ann, booking._id, { ...CARD, cardNumber: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment_declined', detail: 'Your card was declined.' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row!.paid).toBe(false);
    const [failed] = await t.db.select().from(payments).where(eq(payments.bookingId, booking._id));
    expect(failed).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', amountCents: row!.priceCents });
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Your card number is invalid.'],
    [{ cardNumber: '' }, 'cardNumber', 'Card number is required'],
    [{ expiry: '13/30' }, 'expiry', 'Use MM/YY'],
    [{ expiry: '01/29' }, 'expiry', 'Your card has expired.'],
    [{ cvc: '12' }, 'cvc', 'CVC is 3 or 4 digits'],
  ])('refuses %j at the form rules', async (override, field, message) => {
    const booking = await bookOne(t, ann, 2);
    const res = await pay(ann, booking._id, { ...CARD, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("refuses someone else's booking and a cancelled one", async () => {
    const bob = await signUp(t);
    const booking = await bookOne(t, ann, 3);
    expect((await pay(bob, booking._id)).statusCode).toBe(404);
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking._id));
    const cancelled = await pay(ann, booking._id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe('This booking was cancelled.');
    expect((await pay(ann, 'not-a-booking')).statusCode).toBe(404);
  });

  it('pays a booking once when five payments race', async () => {
    const booking = await bookOne(t, ann, 4);
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(ann, booking._id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.$count(payments, and(eq(payments.bookingId, booking._id), eq(payments.status, 'succeeded')))).toBe(1);
  });
});

describe('a payment taken at the front desk', () => {
  const ADMIN = { ADMIN_EMAIL: 'desk-boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
  let t: TestApp;
  let desk: { token: string };
  const atDesk = (id: string, method = 'cash', who: { token: string } = desk) =>
    t.app.inject({ method: 'POST', url: `/api/admin/bookings/${id}/payment`, headers: bearer(who), payload: { method } });

  beforeAll(async () => {
    t = await buildTestApp(ADMIN, { now: () => NOW, jobs: { autoStart: false } });
    desk = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('marks a booking paid once, by the desk, in its history and the audit; refunds it at the desk when cancelled', async () => {
    const [ann] = await createSignedInPatients(t, 1, 'desk-payer');
    const booking = await bookOne(t, ann!, 0);
    const res = await atDesk(booking._id, 'card-terminal');
    expect(res.statusCode, res.body).toBe(200);
    const { transactionId, amount } = res.json<{ transactionId: string; amount: number }>();
    expect(transactionId).toMatch(/^desk_card-terminal_[0-9a-f]{32}$/);
    expect(amount).toBe(booking.price);
    const seen = (await t.app.inject({ url: `/api/booking/${booking._id}`, headers: bearer(ann!) })).json<{ paid: boolean; paymentMode: string; events: { type: string; actor: string }[] }>();
    expect(seen).toMatchObject({ paid: true, paymentMode: 'desk' });
    expect(seen.events.filter((e) => e.type === 'paid')).toEqual([expect.objectContaining({ actor: 'admin' })]);
    expect(await t.db.$count(payments, and(eq(payments.bookingId, booking._id), eq(payments.provider, 'desk'), eq(payments.status, 'succeeded')))).toBe(1);

    const again = await atDesk(booking._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This booking is already paid.');

    // The clinic cancels it and refunds in full: the money goes back at the desk.
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${booking._id}/cancel`, headers: bearer(desk), payload: { reason: 'Clinic closed', refund: 'full' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.jobs.runOnce({ kinds: [ISSUE_REFUND_JOB] });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking._id));
    expect(refund).toMatchObject({ provider: 'desk', status: 'succeeded', amountCents: booking.price * 100 });
    expect(refund!.providerRef).toMatch(/^desk_re_/);
  });

  it('refuses a cancelled booking, an unknown one and patients; five at once record one payment', async () => {
    const [bea] = await createSignedInPatients(t, 1, 'desk-racer');
    const booking = await bookOne(t, bea!, 1);
    expect((await atDesk(booking._id, 'cash', bea!)).statusCode).toBe(403);
    expect((await atDesk('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await atDesk(booking._id, 'cheque')).statusCode).toBe(400);
    const results = await Promise.all(Array.from({ length: 5 }, () => atDesk(booking._id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.$count(payments, eq(payments.bookingId, booking._id))).toBe(1);
    const other = await bookOne(t, bea!, 2);
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, other._id));
    expect((await atDesk(other._id)).json().detail).toBe('This booking was cancelled.');
  });
});

describe('Stripe payments (official SDK against a local stand-in)', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret_for_the_clinic';
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let ann: Patient;
  const signer = new Stripe('sk_test_unused');

  const event = (type: string, intent: { id: string; amount: number; bookingId: string }, id = `evt_${Math.random().toString(36).slice(2)}`) =>
    JSON.stringify({
      id, object: 'event', type, api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), livemode: false,
      data: { object: { id: intent.id, object: 'payment_intent', amount: intent.amount, currency: 'usd', status: 'succeeded', metadata: { bookingId: intent.bookingId } } },
    });
  const deliver = (payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  const isPaid = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.paid;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp(
      { STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url },
      { now: () => NOW },
    );
  });
  beforeEach(async () => {
    ann = (await createSignedInPatients(t, 1, 'payer'))[0]!;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('tells the page to use Stripe with the publishable key, and refuses the test card form', async () => {
    expect((await t.app.inject('/api/payments/config')).json()).toEqual({ mode: 'stripe', publishableKey: 'pk_test_standin' });
    const booking = await bookOne(t, ann, 5);
    const res = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/pay`, headers: bearer(ann), payload: CARD });
    expect(res.statusCode).toBe(409);
  });

  it("creates one PaymentIntent for the booking's own amount, with an idempotency key", async () => {
    const booking = await bookOne(t, ann, 0);
    const first = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-intent`, headers: bearer(ann) });
    const second = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-intent`, headers: bearer(ann) });
    expect(first.statusCode).toBe(200);
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
    const creates = standIn.calls.filter((c) => c.method === 'POST' && c.body['metadata[bookingId]'] === booking._id);
    expect(creates.length).toBeGreaterThanOrEqual(1);
    for (const call of creates) {
      expect(call.body).toMatchObject({ amount: String(booking.price * 100), currency: 'usd' });
      expect(call.idempotencyKey).toBe(`booking-${booking._id}-0`);
    }
    expect([...standIn.intents.values()].filter((i) => i.metadata.bookingId === booking._id)).toHaveLength(1);
  });

  it('marks the booking paid from a server-side retrieval of the intent', async () => {
    const booking = await bookOne(t, ann, 1);
    const { clientSecret } = (await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-intent`, headers: bearer(ann) })).json();
    const intentId = clientSecret.split('_secret_')[0];
    const early = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-confirmation`, headers: bearer(ann) });
    expect(early.statusCode).toBe(402);
    expect(await isPaid(booking._id)).toBe(false);
    standIn.succeed(intentId);
    const done = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-confirmation`, headers: bearer(ann) });
    expect(done.json()).toEqual({ paid: true, transactionId: intentId });
    expect(await isPaid(booking._id)).toBe(true);
  });

  it('accepts a validly signed webhook and marks the booking paid', async () => {
    const booking = await bookOne(t, ann, 2);
    const res = await deliver(event('payment_intent.succeeded', { id: 'pi_webhook_ok', amount: booking.price * 100, bookingId: booking._id }));
    expect(res.statusCode).toBe(200);
    expect(await isPaid(booking._id)).toBe(true);
  });

  it('refuses a tampered payload and a stale signature, changing nothing', async () => {
    const booking = await bookOne(t, ann, 3);
    const payload = event('payment_intent.succeeded', { id: 'pi_tampered', amount: booking.price * 100, bookingId: booking._id });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await deliver(payload.replace(`"amount":${booking.price * 100}`, '"amount":1'), signature);
    expect(tampered.statusCode).toBe(400);
    const stale = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(payload, stale)).statusCode).toBe(400);
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(payload, wrongSecret)).statusCode).toBe(400);
    expect((await deliver(payload, '')).statusCode).toBe(400);
    expect(await isPaid(booking._id)).toBe(false);
  });

  it('ignores an intent whose amount is not the booking price', async () => {
    const booking = await bookOne(t, ann, 4);
    await deliver(event('payment_intent.succeeded', { id: 'pi_wrong_amount', amount: 1, bookingId: booking._id }));
    expect(await isPaid(booking._id)).toBe(false);
  });

  it('acknowledges events about bookings it does not have, without a server error', async () => {
    for (const bookingId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
        const res = await deliver(event(type, { id: `pi_unknown_${type}`, amount: 100, bookingId }));
        expect(res.statusCode, `${type} ${bookingId}`).toBe(200);
      }
    }
  });

  it('does not report a payment whose amount does not match as paid', async () => {
    const bob = await signUp(t);
    const booking = await bookOne(t, bob, 2, 5);
    const { clientSecret } = (await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-intent`, headers: bearer(bob) })).json();
    const intent = standIn.succeed(clientSecret.split('_secret_')[0]);
    intent.amount = 1; // what Stripe took is not what the booking costs
    const res = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-confirmation`, headers: bearer(bob) });
    expect(res.statusCode).toBe(409);
    expect(await isPaid(booking._id)).toBe(false);
  });

  it('makes one change when the same event is delivered five times at once', async () => {
    const bob = await signUp(t);
    const booking = await bookOne(t, bob, 5, 3);
    const payload = event('payment_intent.succeeded', { id: 'pi_replayed', amount: booking.price * 100, bookingId: booking._id }, 'evt_replayed_five_times');
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.filter((r) => !r.json().duplicate)).toHaveLength(1);
    expect(await t.db.$count(processedEvents, eq(processedEvents.id, 'evt_replayed_five_times'))).toBe(1);
    expect(await t.db.$count(payments, eq(payments.providerRef, 'pi_replayed'))).toBe(1);
    expect(await isPaid(booking._id)).toBe(true);
  });
});

describe('a card payment and its booking’s cancellation (Stripe stand-in)', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret_for_the_clinic';
  const ADMIN = { ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' };
  const INBOX = 'desk@clinic.test';
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let admin: { token: string };
  let clockMs = NOW.getTime();
  let dayOffset = 10;
  const signer = new Stripe('sk_test_unused');

  const deliverSucceeded = (intent: { id: string; amount: number; bookingId: string }) => {
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type: 'payment_intent.succeeded', api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000), livemode: false,
      data: { object: { id: intent.id, object: 'payment_intent', amount: intent.amount, currency: 'usd', status: 'succeeded', metadata: { bookingId: intent.bookingId } } },
    });
    return t.app.inject({
      method: 'POST', url: '/api/payments/webhook', payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
  };

  /** A booking of its own day, and the PaymentIntent its page opened (not paid yet). */
  async function bookingWithOpenIntent(user: { token: string }) {
    const date = `2030-06-${String(dayOffset++).padStart(2, '0')}`;
    const [treatment] = (await t.app.inject(`/api/available?date=${date}`)).json<{ _id: string; slots: string[] }[]>();
    const made = await t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(user), payload: { treatmentId: treatment!._id, date, slot: treatment!.slots[0] } });
    expect(made.statusCode).toBe(201);
    const booking = made.json<{ booking: { _id: string; price: number } }>().booking;
    const intent = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-intent`, headers: bearer(user) });
    expect(intent.statusCode).toBe(200);
    return { ...booking, date, intentId: intent.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0]! };
  }
  const cancelCalls = (intentId: string) => standIn.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payment_intents/${intentId}/cancel`);
  const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp(
      {
        ...ADMIN, CLINIC_INBOX: INBOX,
        STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url,
      },
      { now: () => new Date(clockMs), jobs: { autoStart: false, retryBaseMs: 1000 } },
    );
    admin = await signIn(t, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('cancels the booking at once and the open PaymentIntent at Stripe after the commit, retrying through an outage at Stripe', async () => {
    const ann = await signUp(t);
    const booking = await bookingWithOpenIntent(ann);
    standIn.failCancels(1000);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/cancel`, headers: bearer(ann), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect((await rowOf(booking._id))!.status).toBe('cancelled');
    // Nothing was asked of Stripe inside the cancel; the job asks, and Stripe is away.
    expect(cancelCalls(booking.intentId)).toHaveLength(0);
    await t.app.jobs.drain();
    expect(cancelCalls(booking.intentId).length).toBeGreaterThan(0);
    expect(standIn.intents.get(booking.intentId)!.status).toBe('requires_payment_method');
    // Asked again later, for longer than the job runner's own retries last.
    for (let hour = 0; hour < 6; hour++) {
      clockMs += 3_600_000;
      await t.app.jobs.drain();
    }
    expect(standIn.intents.get(booking.intentId)!.status).toBe('requires_payment_method');
    expect(await t.db.$count(jobs, and(eq(jobs.kind, 'payments.close-intents'), eq(jobs.status, 'failed')))).toBe(0);

    standIn.failCancels(0);
    clockMs += 6 * 3_600_000;
    await t.app.jobs.drain();
    expect(standIn.intents.get(booking.intentId)!.status).toBe('canceled');
    expect(() => standIn.succeed(booking.intentId)).toThrow(/cancelled/);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerRef, booking.intentId));
    expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Cancelled with its booking.' });
  });

  it.each([
    ['the front desk', async (b: { _id: string }) => t.app.inject({ method: 'POST', url: `/api/admin/bookings/${b._id}/cancel`, headers: bearer(admin), payload: { reason: 'Doctor ill' } })],
    ['a clinic closure', async (b: { date: string }) =>
      t.app.inject({ method: 'POST', url: '/api/admin/schedule-exceptions?cancelAffected=true', headers: bearer(admin), payload: { dateFrom: b.date, dateTo: b.date, kind: 'closed', reason: 'Flood' } })],
    ['the account’s removal by an admin', async (_b: unknown, user: { email: string }) => t.app.inject({ method: 'DELETE', url: `/api/user/${user.email}`, headers: bearer(admin) })],
    ['the patient deleting their account', async (_b: unknown, user: { token: string; password: string }) =>
      t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(user), payload: { password: user.password } })],
  ])('cancels the open PaymentIntent when %s cancels the booking', async (_who, cancel) => {
    const user = await signUp(t);
    const booking = await bookingWithOpenIntent(user);
    const res = await cancel(booking, user);
    expect(res.statusCode, res.body).toBeLessThan(300);
    await t.app.jobs.drain();
    expect(standIn.intents.get(booking.intentId)!.status).toBe('canceled');
  });

  it('refunds in full, in the booking’s history and to the clinic, a payment that completes after its booking was cancelled', async () => {
    const bob = await signUp(t);
    const booking = await bookingWithOpenIntent(bob);
    expect((await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/cancel`, headers: bearer(bob), payload: {} })).statusCode).toBe(200);
    // The page was still open: the patient pays before the cancel job reaches Stripe.
    standIn.succeed(booking.intentId);
    const cents = booking.price * 100;
    expect((await deliverSucceeded({ id: booking.intentId, amount: cents, bookingId: booking._id })).statusCode).toBe(200);

    expect((await rowOf(booking._id))!.paid).toBe(false);
    const [queued] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking._id));
    expect(queued).toMatchObject({ status: 'pending', amountCents: cents, provider: 'stripe' });
    await t.app.jobs.runOnce({ kinds: [ISSUE_REFUND_JOB] });
    expect(standIn.refunds.filter((r) => r.payment_intent === booking.intentId)).toEqual([expect.objectContaining({ amount: cents, status: 'succeeded' })]);

    // The patient's page: not paid, refunded; the confirmation says so too.
    const detail = (await t.app.inject({ url: `/api/booking/${booking._id}`, headers: bearer(bob) })).json<{ paid: boolean; refund: unknown; events: { type: string; data: Record<string, unknown> }[] }>();
    expect(detail).toMatchObject({ paid: false, refund: { status: 'succeeded', amount: booking.price } });
    expect(detail.events.filter((e) => e.type === 'paid')).toEqual([]);
    expect(detail.events).toContainEqual(expect.objectContaining({ type: 'refund', data: expect.objectContaining({ status: 'pending', transactionId: booking.intentId, reason: 'the booking had been cancelled' }) }));
    const confirm = await t.app.inject({ method: 'POST', url: `/api/booking/${booking._id}/payment-confirmation`, headers: bearer(bob) });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().detail).toBe('This booking was cancelled; your payment is being refunded in full.');
    // The clinic is told.
    const told = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, INBOX), eq(outbox.kind, 'late-payment-refund')));
    expect(told.map((m) => m.subject)).toEqual([`[Payment refunded] booking ${booking._id}`]);

    // The cancel job, the webhook again and the confirmation all met the same payment: one refund.
    await t.app.jobs.drain();
    await deliverSucceeded({ id: booking.intentId, amount: cents, bookingId: booking._id });
    await t.app.jobs.runOnce({ kinds: [ISSUE_REFUND_JOB] });
    expect(await t.db.$count(refunds, eq(refunds.bookingId, booking._id))).toBe(1);
    expect(standIn.refunds.filter((r) => r.payment_intent === booking.intentId)).toHaveLength(1);
  });

  it('refunds an intent that succeeded for a booking erased with its account before Stripe heard of the cancel', async () => {
    const cy = await signUp(t);
    const booking = await bookingWithOpenIntent(cy);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(cy), payload: { password: cy.password } })).statusCode).toBe(202);
    expect(await rowOf(booking._id)).toBeUndefined();
    standIn.succeed(booking.intentId);
    await t.app.jobs.drain();
    expect(standIn.refunds.filter((r) => r.payment_intent === booking.intentId)).toEqual([expect.objectContaining({ amount: booking.price * 100 })]);
    const told = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, INBOX), eq(outbox.kind, 'late-payment-refund')));
    expect(told.map((m) => m.subject)).toContain(`[Payment refunded] booking ${booking._id}`);
  });

  it('refunds a second payment of a booking already paid, and keeps the first refundable', async () => {
    const dee = await signUp(t);
    const booking = await bookingWithOpenIntent(dee);
    const cents = booking.price * 100;
    await deliverSucceeded({ id: booking.intentId, amount: cents, bookingId: booking._id });
    expect((await rowOf(booking._id))!.transactionId).toBe(booking.intentId);
    await deliverSucceeded({ id: 'pi_second_tab', amount: cents, bookingId: booking._id });
    expect((await t.db.select().from(refunds).where(eq(refunds.bookingId, booking._id))).map((r) => r.amountCents)).toEqual([cents]);
    // The clinic then cancels: the first payment is refunded in full as well.
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/bookings/${booking._id}/cancel`, headers: bearer(admin), payload: { reason: 'Closed' } });
    expect(res.json().refund).toEqual({ status: 'pending', amount: booking.price });
  });
});
