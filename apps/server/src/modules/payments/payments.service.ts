/**
 * Paying a booking (DESIGN.md section 5). A booking is paid once, by its own patient, for its own
 * amount: the browser never names a price. Each path locks the booking row, so concurrent
 * attempts and replayed webhooks change it at most once.
 *
 * A Stripe intent stays payable in the patient's browser after its booking is cancelled: every
 * cancel queues a job (in its own transaction) that cancels the booking's open intents at Stripe
 * after the commit, retried while Stripe is away, and a payment that still settles on a
 * cancelled (or already paid) booking is refunded in full and reported to the clinic, never
 * kept (docs/decisions/026).
 */
import { randomUUID } from 'node:crypto';
import { DESK_TRANSACTION_PREFIX, ErrorCode, isExpired, type PaymentConfig } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  claimEvent,
  countPayments,
  countSettledPaymentsOf,
  deleteUnsettledPayments,
  findPayment,
  latestPayment,
  listPaymentsOfBookings,
  markIntentCancelled,
  openStripePaymentsOf,
  recordPayment,
} from './payments.repository.ts';
import type { BookingLedger, PayableBooking } from './booking-ledger.ts';
import type { RefundsService } from './refunds.service.ts';
import type { StripeProcessor } from './stripe-processor.ts';
import { chargeTestCard } from './test-mode-processor.ts';

type BookingRow = PayableBooking;

/** The job that cancels a cancelled booking's open Stripe intents, after the cancel commits. */
export const CLOSE_INTENTS_JOB = 'payments.close-intents';
/** Rounds of asking Stripe again (1 minute, doubling, at most 6 hours apart): about two days. */
const CLOSE_INTENTS_ROUNDS = 16;

export interface PaymentsDeps {
  db: Db;
  now: () => Date;
  stripe?: { processor: StripeProcessor; publishableKey: string };
  /** Stripe's refund events settle refunds; a payment a booking cannot take is given back. */
  refunds: Pick<RefundsService, 'reconcile' | 'queuePaymentBackIn'>;
  /** The clinic hears of a payment given back. */
  mail: Pick<MailService, 'queueLatePaymentRefund'>;
  /** The bookings, through the booking module's port (their tables are its). */
  ledger: BookingLedger;
  /** Queues a background job in `tx` (the jobs module's), so it exists if and only if `tx` commits. */
  enqueueJob(tx: Db, job: { kind: string; payload: Record<string, unknown>; runAt: Date }): Promise<void>;
}

type SettleOutcome = 'paid' | 'refunding' | 'mismatch' | 'no-booking';

export function createPaymentsService({ db, now, stripe, refunds, mail, ledger, enqueueJob }: PaymentsDeps) {
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
   * checked against ours, the payment recorded, the booking marked paid (once). A payment the
   * booking cannot take (it was cancelled, or another payment paid it) is refunded in full, in
   * its history and told to the clinic. The webhook, the server-side confirmation and the
   * intent's cancel job all settle through here, so whichever comes first decides and the others
   * change nothing.
   */
  async function settleIntentInTx(tx: Db, intent: { id: string; amount: number }, bookingId: string): Promise<SettleOutcome> {
    const booking = await ledger.lock(tx, bookingId);
    if (!booking) return 'no-booking';
    if (booking.paid && booking.transactionId === intent.id) return 'paid';
    if (intent.amount !== booking.priceCents) {
      await recordPayment(tx, {
        bookingId, provider: 'stripe', providerRef: intent.id, amountCents: intent.amount, status: 'failed',
        failureMessage: `amount ${intent.amount} does not match ${booking.priceCents}`,
      });
      return 'mismatch';
    }
    await recordPayment(tx, { bookingId, provider: 'stripe', providerRef: intent.id, amountCents: intent.amount, status: 'succeeded' });
    if (booking.status !== 'cancelled' && !booking.paid) {
      await ledger.markPaid(tx, bookingId, intent.id);
      return 'paid';
    }
    const reason = booking.status === 'cancelled' ? 'the booking had been cancelled' : 'the booking was already paid';
    const payment = await findPayment(tx, 'stripe', intent.id);
    const refund = payment ? await refunds.queuePaymentBackIn(tx, payment, `paid when ${reason}`) : null;
    if (refund) {
      await ledger.record(tx, bookingId, {
        actorKind: 'system', actorId: null, type: 'refund',
        data: { status: 'pending', amount: intent.amount / 100, transactionId: intent.id, reason },
      });
      await mail.queueLatePaymentRefund(tx, { bookingId, amountCents: intent.amount, transactionId: intent.id, reason });
    }
    return 'refunding';
  }

  /**
   * An intent that succeeded for a booking erased since (its account was deleted, and the unpaid
   * booking with it): no row is left to hang a refund on, so it is refunded here, once (Stripe's
   * idempotency key is the intent's), and the clinic is told.
   */
  async function refundWithoutBooking(processor: StripeProcessor, intent: { id: string; amount: number }, bookingId: string) {
    await processor.refund({ paymentIntent: intent.id, amountCents: intent.amount, refundId: `erased-${intent.id}`, bookingId });
    await mail.queueLatePaymentRefund(db, {
      bookingId, amountCents: intent.amount, transactionId: intent.id, reason: 'the booking had been removed with its patient’s account',
    });
  }

  return {
    /**
     * A cancel, in its transaction: the bookings' Stripe intents not yet paid are cancelled at
     * Stripe by a job once it commits (never inside it, so an outage at Stripe neither blocks nor
     * loses the cancel). The job carries the intents' ids: an erased account's booking and its
     * payment rows may be gone by the time it runs.
     */
    async closeOpenIntentsIn(tx: Db, bookingIds: readonly string[]): Promise<void> {
      const open = await openStripePaymentsOf(tx, bookingIds);
      if (open.length === 0) return;
      await enqueueJob(tx, {
        kind: CLOSE_INTENTS_JOB,
        payload: { intents: open.map((p) => ({ id: p.providerRef, bookingId: p.bookingId })) },
        runAt: now(),
      });
    },

    /**
     * The job: each intent cancelled at Stripe; one that succeeded first is settled as a payment
     * the booking cannot take (refunded). The intents Stripe could not be asked about (an outage)
     * or that are still processing go into a new job, later each round: the job runner's own
     * retries last minutes, an outage at Stripe may last hours. After the last round the job fails
     * where admins see it.
     */
    async closeIntents(payload: Record<string, unknown>): Promise<void> {
      const intents = (payload.intents ?? []) as { id: string; bookingId: string }[];
      const round = typeof payload.round === 'number' ? payload.round : 0;
      if (!stripe) throw Object.assign(new Error('Stripe is not configured: open intents cannot be cancelled'), { permanent: true });
      const left: typeof intents = [];
      let lastError: unknown;
      for (const { id, bookingId } of intents) {
        try {
          const intent = await stripe.processor.cancelIntent(id);
          if (intent.status === 'canceled') {
            await markIntentCancelled(db, id, 'Cancelled with its booking.');
          } else if (intent.status === 'succeeded') {
            const outcome = await db.transaction((tx) => settleIntentInTx(tx, intent, bookingId));
            if (outcome === 'no-booking') await refundWithoutBooking(stripe.processor, intent, bookingId);
          } else {
            throw new Error(`payment intent ${id} is ${intent.status}`);
          }
        } catch (error) {
          left.push({ id, bookingId });
          lastError = error;
        }
      }
      if (left.length === 0) return;
      if (round >= CLOSE_INTENTS_ROUNDS) throw lastError;
      const delayMs = Math.min(60_000 * 2 ** round, 6 * 3_600_000);
      await enqueueJob(db, { kind: CLOSE_INTENTS_JOB, payload: { intents: left, round: round + 1 }, runAt: new Date(now().getTime() + delayMs) });
    },

    /** Erasure: the pending and failed payments of bookings about to be deleted; runs in `tx`. */
    deleteUnsettledOf(tx: Db, bookingIds: string[]): Promise<number> {
      return deleteUnsettledPayments(tx, bookingIds);
    },

    /** How many succeeded payments an account's bookings have (what its erasure keeps). */
    async countSettledOf(tx: Db, patientId: string): Promise<number> {
      return countSettledPaymentsOf(tx, await ledger.bookingIdsOf(tx, patientId));
    },

    /** The payments of an account's bookings, as its export lists them (design section 5.7). */
    async exportOf(patientId: string) {
      return (await listPaymentsOfBookings(db, await ledger.bookingIdsOf(db, patientId))).map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
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
        const booking = await ledger.lock(tx, bookingId);
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
        if (charge.ok) await ledger.markPaid(tx, bookingId, charge.transactionId);
        return charge;
      });
      if (!outcome.ok) throw new AppError(ErrorCode.PAYMENT_DECLINED, outcome.message);
      return { paid: true as const, transactionId: outcome.transactionId };
    },

    /**
     * The front desk took the booking's price in person (cash, or the clinic's own card
     * terminal): recorded as a payment and the booking marked paid, once, under the booking's
     * lock, audited. A visit already held (completed, or even a no-show) may still be paid; a
     * cancelled, paid or free one may not.
     */
    async recordAtDesk(caller: Caller, bookingId: string, method: 'cash' | 'card-terminal') {
      return db.transaction(async (tx) => {
        const booking = await ledger.lock(tx, bookingId);
        if (!booking) throw new AppError(ErrorCode.NOT_FOUND, 'There is no such booking.');
        if (booking.status === 'cancelled') throw new AppError(ErrorCode.CONFLICT, 'This booking was cancelled.');
        if (booking.paid) throw new AppError(ErrorCode.CONFLICT, 'This booking is already paid.');
        if (booking.priceCents <= 0) throw new AppError(ErrorCode.CONFLICT, 'There is nothing to pay for this booking.');
        const transactionId = `${DESK_TRANSACTION_PREFIX}${method}_${randomUUID().replaceAll('-', '')}`;
        await recordPayment(tx, { bookingId, provider: 'desk', providerRef: transactionId, amountCents: booking.priceCents, status: 'succeeded' });
        await ledger.markPaid(tx, bookingId, transactionId, { kind: 'admin', id: caller.userId });
        await recordAudit(tx, { actorId: caller.userId, actorEmail: caller.email, action: 'booking.paid-at-desk', target: bookingId, detail: { method, amount: booking.priceCents / 100 } });
        return { paid: true as const, transactionId, amount: booking.priceCents / 100 };
      });
    },

    /** Stripe: a PaymentIntent for the booking's own amount; the page confirms it with Elements. */
    async createIntent(caller: Caller, bookingId: string): Promise<{ clientSecret: string }> {
      if (!stripe) throw new AppError(ErrorCode.CONFLICT, 'Stripe is not configured; use the test-mode card form.');
      const booking = await db.transaction(async (tx) => {
        const row = await ledger.lock(tx, bookingId);
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
      // Recorded under the booking's lock: a cancel that committed while Stripe made the intent
      // is seen here, and the intent goes to the cancel job instead of the browser.
      const cancelled = await db.transaction(async (tx) => {
        const row = await ledger.lock(tx, bookingId);
        if (row) await recordPayment(tx, { bookingId, provider: 'stripe', providerRef: intent.id, amountCents: booking.priceCents, status: 'pending' });
        if (row?.status === 'confirmed' && !row.paid) return false;
        await enqueueJob(tx, { kind: CLOSE_INTENTS_JOB, payload: { intents: [{ id: intent.id, bookingId }] }, runAt: now() });
        return true;
      });
      if (cancelled) throw new AppError(ErrorCode.CONFLICT, 'This booking was cancelled or paid meanwhile.');
      return { clientSecret: intent.clientSecret };
    },

    /** After Elements confirms: ask Stripe itself (server-side) whether the intent succeeded. */
    async confirmStripe(caller: Caller, bookingId: string) {
      if (!stripe) throw new AppError(ErrorCode.CONFLICT, 'Stripe is not configured.');
      const booking = await ledger.find(db, bookingId);
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
      const settled = await ledger.find(db, bookingId);
      if (settled && settled.transactionId !== payment.providerRef && settled.status === 'cancelled') {
        throw new AppError(ErrorCode.CONFLICT, 'This booking was cancelled; your payment is being refunded in full.');
      }
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
          if (!bookingId || !(await ledger.lock(tx, bookingId))) return true;
          if (event.type === 'payment_intent.payment_failed') {
            await recordPayment(tx, { bookingId, provider: 'stripe', providerRef: intent.id, amountCents: intent.amount, status: 'failed', failureMessage: intent.last_payment_error?.message });
          } else {
            await settleIntentInTx(tx, intent, bookingId);
          }
        }
        if (event.type === 'refund.updated' || event.type === 'refund.failed' || event.type === 'refund.created') {
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
