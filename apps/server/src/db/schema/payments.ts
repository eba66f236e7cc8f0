import { sql } from 'drizzle-orm';
/** Payments of bookings and the Stripe events already handled (webhooks are idempotent on them). */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './booking.ts';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** `test` (the built-in test-mode processor) or `stripe`. */
    provider: text('provider').notNull(),
    /** The provider's id: a test transaction id or a Stripe PaymentIntent id. */
    providerRef: text('provider_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref').on(t.provider, t.providerRef),
    index('payments_booking_idx').on(t.bookingId),
    // The reports' takings by day (a succeeded payment's `updated_at` is when it succeeded).
    index('payments_succeeded_at_idx').on(t.updatedAt).where(sql`${t.status} = 'succeeded'`),
  ],
);

export const processedEvents = pgTable('processed_events', {
  /** The provider's event id, e.g. Stripe's `evt_…`. */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money going back to a patient. Created `pending` in the cancelling transaction; the refund
 * worker asks the processor after the commit (never inside a transaction), retrying with
 * backoff, and records `succeeded` or `failed`; Stripe's webhooks reconcile it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** `test` or `stripe`, as the payment's. */
    provider: text('provider').notNull(),
    /** The processor's refund id, once it made one. */
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** No longer written: the `refund.issue` job's lease replaced the row's claim (decision 032). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_provider_ref').on(t.provider, t.providerRef),
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_due_idx').on(t.status, t.nextAttemptAt),
    index('refunds_succeeded_at_idx').on(t.updatedAt).where(sql`${t.status} = 'succeeded'`),
  ],
);
