import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, payments, processedEvents } from '../../db/schema.ts';
import { bearer, buildTestApp, createSignedInPatients, signUp, type TestApp } from '../../test/helper.ts';
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
