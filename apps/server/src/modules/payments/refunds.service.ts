/**
 * Money going back to patients (design clinic-operations.md section 5.3). A refund is queued as
 * a `pending` row in the transaction that cancels the booking, so it commits with the cancel or
 * not at all; the worker asks the processor after the commit (never inside a transaction), with
 * retries and backoff, on whichever instance claims it first (FOR UPDATE SKIP LOCKED). Stripe
 * gets one refund per row whatever the retries (its idempotency key is the row's id) and its
 * webhooks reconcile the outcome. Refunds of a booking never add up to more than it was paid.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  claimDueRefunds,
  insertRefund,
  refundedCentsOf,
  refundsOf,
  settledPaymentOf,
  updateRefund,
  updateRefundByRef,
  type RefundRow,
} from './refunds.repository.ts';
import type { StripeProcessor } from './stripe-processor.ts';

export interface RefundSummary {
  status: 'pending' | 'succeeded' | 'failed';
  /** Dollars. */
  amount: number;
}

const summary = (r: RefundRow): RefundSummary => ({ status: r.status, amount: r.amountCents / 100 });

export interface RefundsDeps {
  db: Db;
  now: () => Date;
  stripe?: StripeProcessor;
  mail: Pick<MailService, 'queueRefundFailed'>;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  pollMs?: number;
  retryBaseMs?: number;
  maxAttempts?: number;
}

export function createRefundsService(deps: RefundsDeps) {
  const { db, now, stripe, mail, log, pollMs = 5000, retryBaseMs = 30_000, maxAttempts = 8 } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function issue(refund: RefundRow): Promise<void> {
    try {
      if (refund.provider === 'stripe') {
        if (!stripe || !refund.paymentId) throw new Error('Stripe is not configured for this refund');
        const payment = await db.query.payments.findFirst({ where: (p, { eq }) => eq(p.id, refund.paymentId!) });
        const made = await stripe.refund({ paymentIntent: payment!.providerRef, amountCents: refund.amountCents, refundId: refund.id, bookingId: refund.bookingId });
        // Stripe answers `pending` for some methods: the webhook settles those.
        const status = made.status === 'succeeded' ? 'succeeded' : made.status === 'failed' || made.status === 'canceled' ? 'failed' : 'pending';
        if (status === 'failed') return await failed(refund, made.failureReason ?? 'refused by Stripe', { providerRef: made.id });
        await updateRefund(db, refund.id, { providerRef: made.id, status, claimedUntil: null, ...(status === 'pending' ? { nextAttemptAt: new Date(now().getTime() + 3_600_000) } : {}) });
      } else {
        // The built-in test mode took no money: it records an instant refund, as Stripe's test mode does.
        await updateRefund(db, refund.id, { providerRef: `test_re_${randomUUID().replaceAll('-', '')}`, status: 'succeeded', claimedUntil: null });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (refund.attempts >= maxAttempts) return failed(refund, message);
      const delay = Math.min(retryBaseMs * 2 ** (refund.attempts - 1), 6 * 3_600_000);
      await updateRefund(db, refund.id, { nextAttemptAt: new Date(now().getTime() + delay), failureReason: message, claimedUntil: null });
      log?.warn({ refundId: refund.id, attempts: refund.attempts, err: message }, 'refund failed, will retry');
    }
  }

  /** The one writer of a failed refund: its row (and so one history entry) and the clinic's mail, together. */
  async function failed(refund: RefundRow, reason: string, set: { providerRef?: string } = {}) {
    await db.transaction(async (tx) => {
      await updateRefund(tx, refund.id, { ...set, status: 'failed', failureReason: reason, claimedUntil: null });
      await mail.queueRefundFailed(tx, { bookingId: refund.bookingId, amountCents: refund.amountCents, reason });
    });
    log?.error({ refundId: refund.id, reason }, 'refund failed');
  }

  async function runOnce(): Promise<number> {
    const due = await claimDueRefunds(db, now(), 10, 60_000);
    for (const refund of due) await issue(refund);
    return due.length;
  }

  return {
    /**
     * Queues a refund of a booking's payment in `tx` (the cancelling transaction): `full` is what
     * was paid less what was already refunded; an amount may not exceed that. Null when nothing
     * was paid (or nothing is left).
     */
    async queueIn(tx: Db, bookingId: string, amount: 'full' | number, reason: string): Promise<RefundSummary | null> {
      const payment = await settledPaymentOf(tx, bookingId);
      if (!payment) {
        if (amount !== 'full') throw new AppError(ErrorCode.VALIDATION, 'This booking was not paid: there is nothing to refund.', { errors: { refund: ['Nothing was paid'] } });
        return null;
      }
      const left = payment.amountCents - (await refundedCentsOf(tx, payment.id));
      const cents = amount === 'full' ? left : amount;
      if (cents > left) {
        throw new AppError(ErrorCode.VALIDATION, `At most $${(left / 100).toFixed(2)} can be refunded.`, { errors: { refund: ['More than was paid'] } });
      }
      if (cents <= 0) return null;
      const row = await insertRefund(tx, { bookingId, paymentId: payment.id, provider: payment.provider, amountCents: cents, reason });
      return summary(row);
    },

    /**
     * Queues, in `tx`, the refund of all of one payment the booking could not take (it came in
     * after the booking was cancelled, or on top of another payment). Null when that payment is
     * being refunded already: a webhook, the patient's confirmation and the intent's cancel job
     * may each report the same payment.
     */
    async queuePaymentBackIn(tx: Db, payment: { id: string; bookingId: string; provider: string; amountCents: number }, reason: string): Promise<RefundSummary | null> {
      const cents = payment.amountCents - (await refundedCentsOf(tx, payment.id));
      if (cents <= 0) return null;
      return summary(await insertRefund(tx, { bookingId: payment.bookingId, paymentId: payment.id, provider: payment.provider, amountCents: cents, reason }));
    },

    /** The latest refund of each booking. */
    async summaries(bookingIds: readonly string[]): Promise<Map<string, RefundSummary & { refundedCents: number }>> {
      const out = new Map<string, RefundSummary & { refundedCents: number }>();
      for (const r of await refundsOf(db, bookingIds)) {
        const seen = out.get(r.bookingId);
        const done = r.status === 'succeeded' ? r.amountCents : 0;
        if (!seen) out.set(r.bookingId, { ...summary(r), refundedCents: done });
        else seen.refundedCents += done;
      }
      return out;
    },

    /** A Stripe refund event: the refund's outcome, once (the caller claimed the event). */
    async reconcile(tx: Db, refund: { id: string; status: string | null; failureReason?: string | null }) {
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : null;
      if (!status) return;
      const row = await updateRefundByRef(tx, 'stripe', refund.id, { status, failureReason: refund.failureReason ?? null });
      if (row && status === 'failed') await mail.queueRefundFailed(tx, { bookingId: row.bookingId, amountCents: row.amountCents, reason: refund.failureReason ?? 'refused by Stripe' });
    },

    /** Issues the due refunds now (tests; the worker calls it on a timer). */
    runOnce,

    start() {
      stopped = false;
      const tick = async () => {
        if (stopped) return;
        running = runOnce().catch((error: unknown) => {
          log?.error({ err: error }, 'refund worker failed');
          return 0;
        });
        await running;
        running = undefined;
        if (!stopped) {
          timer = setTimeout(() => void tick(), pollMs);
          timer.unref();
        }
      };
      timer = setTimeout(() => void tick(), 0);
      timer.unref();
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
