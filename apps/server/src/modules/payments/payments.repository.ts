import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookings, payments, processedEvents } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

/** The booking, locked for the rest of the transaction so two payments cannot interleave. */
export async function lockBooking(tx: Db, id: string) {
  if (!isUuid(id)) return null;
  const rows = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return rows[0] ?? null;
}

/** The booking as it is now, without a lock (for answers, not for changes). */
export async function findBookingById(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

/**
 * Marks the booking paid unless it already is or was cancelled, with a `paid` entry in its
 * history (the patient paid); returns whether this call did it. A visit held or missed before
 * its payment arrived is still paid by it.
 */
export async function markBookingPaid(tx: Db, id: string, transactionId: string): Promise<boolean> {
  const rows = await tx
    .update(bookings)
    .set({ paid: true, transactionId })
    .where(and(eq(bookings.id, id), eq(bookings.paid, false), ne(bookings.status, 'cancelled')))
    .returning({ id: bookings.id, priceCents: bookings.priceCents, patientId: bookings.patientId });
  const [paid] = rows;
  if (!paid) return false;
  await tx.insert(bookingEvents).values({
    bookingId: id, actorKind: 'patient', actorId: paid.patientId, type: 'paid', data: { amount: paid.priceCents / 100, transactionId },
  });
  return true;
}

/**
 * A payment the booking could not take (it was cancelled, or paid already) is being given back:
 * the history says so, under the refund it started.
 */
export async function recordLatePaymentRefund(tx: Db, id: string, late: { amountCents: number; transactionId: string; reason: string }) {
  await tx.insert(bookingEvents).values({
    bookingId: id, actorKind: 'system', actorId: null, type: 'refund',
    data: { status: 'pending', amount: late.amountCents / 100, transactionId: late.transactionId, reason: late.reason },
  });
}

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

/** The payments of an account's bookings, oldest first (the account's export). */
export function listPaymentsOfPatient(db: Db, patientId: string) {
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
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(bookings.patientId, patientId))
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

/** How many succeeded payments an account's bookings have (what an erasure keeps). */
export async function countSettledPaymentsOf(db: Db, patientId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.patientId, patientId), eq(payments.status, 'succeeded')));
  return row?.n ?? 0;
}
