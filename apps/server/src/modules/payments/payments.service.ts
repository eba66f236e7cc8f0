/**
 * Paying a booking (DESIGN.md section 5). A booking is paid once, by its own patient, for its own
 * amount: the browser never names a price. Each path locks the booking row, so concurrent
 * attempts and replayed webhooks change it at most once.
 */
import { ErrorCode, isExpired, type PaymentConfig } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../identity/caller.ts';
import {
  claimEvent,
  countPayments,
  countSettledPaymentsOf,
  deleteUnsettledPayments,
  findBookingById,
  latestPayment,
  listPaymentsOfPatient,
  lockBooking,
  markBookingPaid,
  recordPayment,
} from './payments.repository.ts';
import type { RefundsService } from './refunds.service.ts';
import type { StripeProcessor } from './stripe-processor.ts';
import { chargeTestCard } from './test-mode-processor.ts';

type BookingRow = NonNullable<Awaited<ReturnType<typeof lockBooking>>>;

export interface PaymentsDeps {
  db: Db;
  now: () => Date;
  stripe?: { processor: StripeProcessor; publishableKey: string };
  /** Stripe's refund events settle refunds. */
  refunds?: Pick<RefundsService, 'reconcile'>;
}

export function createPaymentsService({ db, now, stripe, refunds }: PaymentsDeps) {
  /** The caller's own unpaid, active booking, locked; anything else is refused. */
  function assertPayable(caller: Caller, booking: BookingRow | null): asserts booking is BookingRow {
    if (!booking || booking.patientId !== caller.userId) {
      throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
    }
    if (booking.status !== 'confirmed') throw new AppError(ErrorCode.CONFLICT, 'This booking was cancelled.');
    if (booking.paid) throw new AppError(ErrorCode.CONFLICT, 'This booking is already paid.');
    if (booking.priceCents <= 0) throw new AppError(ErrorCode.CONFLICT, 'There is nothing to pay for this booking.');
  }

  /**
   * A succeeded PaymentIntent, inside the caller's transaction: the booking is locked, the amount
   * checked against ours, the payment recorded, the booking marked paid (once). Both the webhook
   * and the server-side confirmation settle through here.
   */
  async function settleIntentInTx(tx: Db, intent: { id: string; amount: number }, bookingId: string) {
    const booking = await lockBooking(tx, bookingId);
    if (!booking) return;
    if (intent.amount !== booking.priceCents) {
      await recordPayment(tx, {
        bookingId, provider: 'stripe', providerRef: intent.id, amountCents: intent.amount, status: 'failed',
        failureMessage: `amount ${intent.amount} does not match ${booking.priceCents}`,
      });
      return;
    }
    await recordPayment(tx, { bookingId, provider: 'stripe', providerRef: intent.id, amountCents: intent.amount, status: 'succeeded' });
    await markBookingPaid(tx, bookingId, intent.id);
  }

  return {
    /** Erasure: the pending and failed payments of bookings about to be deleted; runs in `tx`. */
    deleteUnsettledOf(tx: Db, bookingIds: string[]): Promise<number> {
      return deleteUnsettledPayments(tx, bookingIds);
    },

    /** How many succeeded payments an account's bookings have (what its erasure keeps). */
    countSettledOf(tx: Db, patientId: string): Promise<number> {
      return countSettledPaymentsOf(tx, patientId);
    },

    /** The payments of an account's bookings, as its export lists them (design section 5.7). */
    async exportOf(patientId: string) {
      return (await listPaymentsOfPatient(db, patientId)).map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
    },

    config(): PaymentConfig {
      return stripe ? { mode: 'stripe', publishableKey: stripe.publishableKey } : { mode: 'test' };
    },

    /** The built-in test-mode processor: the card is checked and "charged" inside the lock. */
    async payWithTestCard(caller: Caller, bookingId: string, card: { cardNumber: string; expiry: string }) {
      if (stripe) throw new AppError(ErrorCode.CONFLICT, 'This clinic takes card payments through Stripe.');
      if (isExpired(card.expiry, now())) {
        throw new AppError(ErrorCode.VALIDATION, 'Your card has expired.', { errors: { expiry: ['Your card has expired.'] } });
      }
      const outcome = await db.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId);
        assertPayable(caller, booking);
        const charge = chargeTestCard(card.cardNumber);
        const reference = charge.ok ? charge.transactionId : `declined_${Date.now()}_${Math.random().toString(36).slice(2)}`;
        await recordPayment(tx, {
          bookingId,
          provider: 'test',
          providerRef: reference,
          amountCents: booking.priceCents,
          status: charge.ok ? 'succeeded' : 'failed',
          failureMessage: charge.ok ? undefined : charge.message,
        });
        if (charge.ok) await markBookingPaid(tx, bookingId, charge.transactionId);
        return charge;
      });
      if (!outcome.ok) throw new AppError(ErrorCode.PAYMENT_DECLINED, outcome.message);
      return { paid: true as const, transactionId: outcome.transactionId };
    },

    /** Stripe: a PaymentIntent for the booking's own amount; the page confirms it with Elements. */
    async createIntent(caller: Caller, bookingId: string): Promise<{ clientSecret: string }> {
      if (!stripe) throw new AppError(ErrorCode.CONFLICT, 'Stripe is not configured; use the test-mode card form.');
      const booking = await db.transaction(async (tx) => {
        const row = await lockBooking(tx, bookingId);
        assertPayable(caller, row);
        return row;
      });
      const attempt = await countPayments(db, bookingId, 'stripe');
      const previous = await latestPayment(db, bookingId, 'stripe');
      if (previous?.status === 'pending') {
        // Reuse the open intent: the idempotency key of this attempt gives back the same one.
        const again = await stripe.processor.createIntent({ bookingId, amountCents: booking.priceCents, attempt: attempt - 1 });
        return { clientSecret: again.clientSecret };
      }
      const intent = await stripe.processor.createIntent({ bookingId, amountCents: booking.priceCents, attempt });
      await recordPayment(db, { bookingId, provider: 'stripe', providerRef: intent.id, amountCents: booking.priceCents, status: 'pending' });
      return { clientSecret: intent.clientSecret };
    },

    /** After Elements confirms: ask Stripe itself (server-side) whether the intent succeeded. */
    async confirmStripe(caller: Caller, bookingId: string) {
      if (!stripe) throw new AppError(ErrorCode.CONFLICT, 'Stripe is not configured.');
      const booking = await findBookingById(db, bookingId);
      const payment = booking && booking.patientId === caller.userId ? await latestPayment(db, bookingId, 'stripe') : null;
      if (!booking || !payment) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such payment.');
      if (!booking.paid) {
        const intent = await stripe.processor.retrieveIntent(payment.providerRef);
        if (intent.status !== 'succeeded') {
          throw new AppError(ErrorCode.PAYMENT_DECLINED, 'The payment has not gone through yet.', { extra: { intentStatus: intent.status } });
        }
        // The intent is the one we created for this booking (its id comes from our own record).
        await db.transaction((tx) => settleIntentInTx(tx, intent, bookingId));
      }
      // Paid is what the database says now, not what we hoped: a mismatched amount stays unpaid.
      const settled = await findBookingById(db, bookingId);
      if (!settled?.paid || !settled.transactionId) {
        throw new AppError(ErrorCode.CONFLICT, 'The payment does not match this booking; the clinic will look into it.');
      }
      return { paid: true as const, transactionId: settled.transactionId };
    },

    /**
     * A verified Stripe webhook. Idempotent on the event id: the claim and the change commit
     * together, so five simultaneous deliveries of one event make one change.
     */
    async handleWebhook(payload: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
      if (!stripe) throw new AppError(ErrorCode.NOT_FOUND, 'Stripe is not configured.');
      let event;
      try {
        event = stripe.processor.verifyWebhook(payload, signature ?? '');
      } catch {
        throw new AppError(ErrorCode.VALIDATION, 'The webhook signature is not valid.');
      }
      const handled = await db.transaction(async (tx) => {
        if (!(await claimEvent(tx, event.id, event.type))) return false;
        if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
          const intent = event.data.object as { id: string; amount: number; metadata?: { bookingId?: string }; last_payment_error?: { message?: string } };
          const bookingId = intent.metadata?.bookingId;
          // An event about no booking of ours (or a malformed id) is acknowledged, not retried.
          if (!bookingId || !(await lockBooking(tx, bookingId))) return true;
          if (event.type === 'payment_intent.payment_failed') {
            await recordPayment(tx, { bookingId, provider: 'stripe', providerRef: intent.id, amountCents: intent.amount, status: 'failed', failureMessage: intent.last_payment_error?.message });
          } else {
            await settleIntentInTx(tx, intent, bookingId);
          }
        }
        if ((event.type === 'refund.updated' || event.type === 'refund.failed' || event.type === 'refund.created') && refunds) {
          const refund = event.data.object as { id: string; status: string | null; failure_reason?: string | null };
          await refunds.reconcile(tx, { id: refund.id, status: refund.status, failureReason: refund.failure_reason ?? null });
        }
        // Other event types are acknowledged and recorded, nothing more.
        return true;
      });
      return handled ? { received: true } : { received: true, duplicate: true };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
