/**
 * Test-mode payments are never silent: health reports the mode, and every booking staff see
 * says whether it was paid in test mode (no money taken) or with Stripe.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema.ts';
import { bearer, buildTestApp, signIn, signUp, type TestApp, type TestUser } from '../../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('payment mode: the built-in test mode', () => {
  let t: TestApp;
  let ann: TestUser;
  let admin: { token: string };
  let treatments: { _id: string; slots: string[] }[];
  const book = async (user: TestUser, index: number) => {
    const treatment = treatments[index]!;
    const res = await t.app.inject({
      method: 'POST', url: '/api/booking', headers: bearer(user),
      payload: { treatmentId: treatment._id, date: DAY, slot: treatment.slots[0] },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ booking: { _id: string } }>().booking._id;
  };

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAIL: 'boss@clinic.test', ADMIN_PASSWORD: 'admin-password' }, { now: () => NOW });
    ann = await signUp(t);
    admin = await signIn(t, 'boss@clinic.test', 'admin-password');
    treatments = (await t.app.inject(`/api/available?date=${DAY}`)).json();
  });
  afterAll(() => t.close());

  it('reports test mode on /api/health', async () => {
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok', payments: 'test' });
  });

  it('shows staff that a booking was paid in test mode, wherever they see it', async () => {
    const paid = await book(ann, 0);
    const unpaid = await book(ann, 1);
    const pay = await t.app.inject({ method: 'POST', url: `/api/booking/${paid}/pay`, headers: bearer(ann), payload: CARD });
    expect(pay.statusCode).toBe(200);

    const one = await t.app.inject({ url: `/api/booking/${paid}`, headers: bearer(admin) });
    expect(one.json()).toMatchObject({ _id: paid, paid: true, paymentMode: 'test' });
    const list = (await t.app.inject({ url: `/api/booking?patient=${ann.email}`, headers: bearer(admin) })).json<{ _id: string; paymentMode: string | null }[]>();
    expect(list.find((b) => b._id === paid)?.paymentMode).toBe('test');
    expect(list.find((b) => b._id === unpaid)?.paymentMode).toBeNull();
  });

  it("names Stripe for a booking Stripe paid", async () => {
    const id = await book(ann, 2);
    await t.db.update(bookings).set({ paid: true, transactionId: 'pi_3PqExample' }).where(eq(bookings.id, id));
    const one = await t.app.inject({ url: `/api/booking/${id}`, headers: bearer(admin) });
    expect(one.json()).toMatchObject({ paid: true, paymentMode: 'stripe' });
  });
});

describe('payment mode: Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
  });
  afterAll(() => t.close());

  it('reports Stripe on /api/health', async () => {
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok', payments: 'stripe' });
  });
});
