import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, processedEvents } from '../../db/schema.ts';

export async function recordPayment(
  tx: Db,
  payment: { bookingId: string; provider: string; providerRef: string; amountCents: number; status: 'pending' | 'succeeded' | 'failed'; failureMessage?: string },
) {
  await tx
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerRef],
      set: { status: payment.status, failureMessage: payment.failureMessage ?? null, updatedAt: sql`now()` },
    });
}

export async function findPayment(tx: Db, provider: string, providerRef: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

/** The Stripe intents of these bookings that have not succeeded: each may still be paid in a browser. */
export function openStripePaymentsOf(tx: Db, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ bookingId: payments.bookingId, providerRef: payments.providerRef })
    .from(payments)
    .where(and(inArray(payments.bookingId, [...bookingIds]), eq(payments.provider, 'stripe'), ne(payments.status, 'succeeded')));
}

/** An intent cancelled at the processor: its payment failed (unless it had succeeded after all). */
export async function markIntentCancelled(db: Db, providerRef: string, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message, updatedAt: sql`now()` })
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, providerRef), ne(payments.status, 'succeeded')));
}

export async function latestPayment(tx: Db, bookingId: string, provider: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, provider)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function countPayments(tx: Db, bookingId: string, provider: string): Promise<number> {
  return tx.$count(payments, and(eq(payments.bookingId, bookingId), eq(payments.provider, provider)));
}

/** True the first time an event id is seen; every later delivery of it gets false. */
export async function claimEvent(tx: Db, id: string, type: string): Promise<boolean> {
  const rows = await tx.insert(processedEvents).values({ id, type }).onConflictDoNothing().returning({ id: processedEvents.id });
  return rows.length === 1;
}

/** The payments of an account's bookings (`bookingIds`), oldest first (the account's export). */
export function listPaymentsOfBookings(db: Db, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      bookingId: payments.bookingId,
      provider: payments.provider,
      providerRef: payments.providerRef,
      amountCents: payments.amountCents,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(inArray(payments.bookingId, [...bookingIds]))
    .orderBy(asc(payments.createdAt));
}

/**
 * Deletes the pending and failed payments of bookings about to be deleted (an erased account's
 * unpaid ones); succeeded payments are never deleted here: the clinic's accounts keep them.
 */
export async function deleteUnsettledPayments(tx: Db, bookingIds: string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const rows = await tx
    .delete(payments)
    .where(and(inArray(payments.bookingId, bookingIds), ne(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  return rows.length;
}

/** How many succeeded payments these bookings have (an account's: what its erasure keeps). */
export async function countSettledPaymentsOf(db: Db, bookingIds: readonly string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  return db.$count(payments, and(inArray(payments.bookingId, [...bookingIds]), eq(payments.status, 'succeeded')));
}
