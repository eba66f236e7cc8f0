/**
 * Money going back to patients (design clinic-operations.md section 5.3). A refund is queued as
 * a `pending` row in the transaction that cancels the booking, with the `refund.issue` job that
 * issues it, so both commit with the cancel or not at all; the job engine (jobs/job-runner.ts)
 * runs that job after the commit (never inside a transaction), with retries and backoff, on
 * whichever instance claims it first. Stripe
 * gets one refund per row whatever the retries (its idempotency key is the row's id) and its
 * webhooks reconcile the outcome. Refunds of a booking never add up to more than it was paid.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { JobKind } from '../jobs/job-runner.ts';
import type { BookingLedger } from './booking-ledger.ts';
import {
  ISSUE_REFUND_JOB,
  insertRefund,
  pendingRefund,
  takeRefund,
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
  /** The bookings, through the booking module's port: which payment paid one, and its history. */
  ledger: Pick<BookingLedger, 'find' | 'record'>;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  retryBaseMs?: number;
  maxAttempts?: number;
}

export { ISSUE_REFUND_JOB };

/** A refund Stripe answered `pending` for (some methods) is asked about again after this. */
const STRIPE_PENDING_RECHECK_MS = 3_600_000;

export function createRefundsService(deps: RefundsDeps) {
  const { db, now, stripe, mail, ledger, log, retryBaseMs = 30_000, maxAttempts = 8 } = deps;

  /**
   * Asks the processor for one refund. Stripe gets one refund per row whatever the retries (its
   * idempotency key is the row's id); a refund it answers `pending` is looked at again later.
   */
  async function issue(refundId: string, attempts: number): Promise<void | { again: Date }> {
    const refund = await takeRefund(db, refundId, attempts);
    if (!refund) return; // settled already (a webhook, or an earlier run)
    if (refund.provider === 'stripe') {
      if (!stripe || !refund.paymentId) throw new Error('Stripe is not configured for this refund');
      const payment = await db.query.payments.findFirst({ where: (p, { eq }) => eq(p.id, refund.paymentId!) });
      const made = await stripe.refund({ paymentIntent: payment!.providerRef, amountCents: refund.amountCents, refundId: refund.id, bookingId: refund.bookingId });
      // Stripe answers `pending` for some methods: the webhook settles those, or the next look.
      const status = made.status === 'succeeded' ? 'succeeded' : made.status === 'failed' || made.status === 'canceled' ? 'failed' : 'pending';
      if (status === 'failed') return db.transaction((tx) => failed(tx, refund, made.failureReason ?? 'refused by Stripe', { providerRef: made.id }));
      await db.transaction((tx) => settle(tx, refund.id, { providerRef: made.id, status }));
      if (status === 'pending') return { again: new Date(now().getTime() + STRIPE_PENDING_RECHECK_MS) };
    } else {
      // The built-in test mode took no money: it records an instant refund, as Stripe's test mode
      // does. Money taken at the desk is handed back at the desk: recorded as given back.
      const ref = `${refund.provider === 'desk' ? 'desk' : 'test'}_re_${randomUUID().replaceAll('-', '')}`;
      await db.transaction((tx) => settle(tx, refund.id, { providerRef: ref, status: 'succeeded' }));
    }
  }

  /** The one writer of a failed refund: its row (and so one history entry) and the clinic's mail, together in `tx`. */
  async function failed(tx: Db, refund: RefundRow, reason: string, set: { providerRef?: string } = {}) {
    await settle(tx, refund.id, { ...set, status: 'failed', failureReason: reason });
    await mail.queueRefundFailed(tx, { bookingId: refund.bookingId, amountCents: refund.amountCents, reason });
    log?.error({ refundId: refund.id, reason }, 'refund failed');
  }

  const refundIdOf = (payload: Record<string, unknown>) => String(payload.refundId);

  /** A settled outcome (succeeded, failed) goes into the booking's history, in the same transaction as the row. */
  const historyOf = (tx: Db, row: RefundRow) =>
    ledger.record(tx, row.bookingId, { actorKind: 'system', actorId: null, type: 'refund', data: { status: row.status, amount: row.amountCents / 100 } });

  /** Updates a refund; a settled outcome is written to its booking's history with it. */
  async function settle(tx: Db, id: string, set: Parameters<typeof updateRefund>[2]) {
    const row = await updateRefund(tx, id, set);
    if (row && (row.status === 'succeeded' || row.status === 'failed')) await historyOf(tx, row);
  }

  /** The `refund.issue` job kind: run by the job engine, retried with backoff, failed in one place. */
  const issueJob: JobKind = {
    maxAttempts,
    retryBaseMs,
    retryMaxMs: 6 * 3_600_000,
    run: (payload, job) => issue(refundIdOf(payload), job.attempts),
    retrying: async (tx, payload, reason, at) => void (await updateRefund(tx, refundIdOf(payload), { nextAttemptAt: at, failureReason: reason })),
    failed: async (tx, payload, reason) => {
      const refund = await pendingRefund(tx, refundIdOf(payload));
      if (refund) await failed(tx, refund, reason);
    },
  };

  return {
    /**
     * Queues a refund of a booking's payment in `tx` (the cancelling transaction): `full` is what
     * was paid less what was already refunded; an amount may not exceed that. Null when nothing
     * was paid (or nothing is left).
     */
    async queueIn(tx: Db, bookingId: string, amount: 'full' | number, reason: string): Promise<RefundSummary | null> {
      const payment = await settledPaymentOf(tx, bookingId, (await ledger.find(tx, bookingId))?.transactionId ?? null);
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
      const row = await insertRefund(tx, { bookingId, paymentId: payment.id, provider: payment.provider, amountCents: cents, reason }, now());
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
      return summary(await insertRefund(tx, { bookingId: payment.bookingId, paymentId: payment.id, provider: payment.provider, amountCents: cents, reason }, now()));
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
      if (row) await historyOf(tx, row);
      if (row && status === 'failed') await mail.queueRefundFailed(tx, { bookingId: row.bookingId, amountCents: row.amountCents, reason: refund.failureReason ?? 'refused by Stripe' });
    },

    /** The `refund.issue` job kind, for the job engine. */
    issueJob,
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
