import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueueJobs } from '../../db/job-queue.ts';
import { payments, refunds } from '../../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * The booking's settled payment (the one a refund goes back to): the one that paid it, else the
 * newest. A second payment of a paid booking is given back on its own and is not this one.
 */
export async function settledPaymentOf(tx: Db, bookingId: string, paidBy: string | null) {
  const paidIt = sql`${payments.providerRef} = ${paidBy}`;
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
    .orderBy(sql`${paidIt} DESC NULLS LAST`, desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Cents of one payment already refunded or on their way back (pending or succeeded). Per payment,
 * not per booking: giving back a second payment of a booking leaves its first one refundable.
 */
export async function refundedCentsOf(tx: Db, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'succeeded'])));
  return row?.total ?? 0;
}

/** The job kind that asks the processor for one refund (refunds.service.ts). */
export const ISSUE_REFUND_JOB = 'refund.issue';

/** Stores a refund and the job that issues it once `tx` commits. */
export async function insertRefund(tx: Db, row: typeof refunds.$inferInsert, at: Date): Promise<RefundRow> {
  const [created] = await tx.insert(refunds).values(row).returning();
  await enqueueJobs(tx, [{ kind: ISSUE_REFUND_JOB, payload: { refundId: created!.id }, runAt: at }]);
  return created!;
}

/** Every refund of these bookings, newest first. */
export function refundsOf(db: Db, bookingIds: readonly string[]): Promise<RefundRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.select().from(refunds).where(inArray(refunds.bookingId, [...bookingIds])).orderBy(desc(refunds.createdAt));
}

/** A refund still waiting for the processor's answer (the `refund.issue` job's subject). */
export async function pendingRefund(db: Db, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
  return row ?? null;
}

/** `pendingRefund`, taken by its job's run: the row shows how many times it was tried. */
export async function takeRefund(db: Db, id: string, attempts: number): Promise<RefundRow | null> {
  const [row] = await db.update(refunds).set({ attempts }).where(and(eq(refunds.id, id), eq(refunds.status, 'pending'))).returning();
  return row ?? null;
}

/** Updates a refund; answers the row as it is now (null: no such refund). */
export async function updateRefund(db: Db, id: string, set: Partial<typeof refunds.$inferInsert>): Promise<RefundRow | null> {
  const [row] = await db.update(refunds).set({ ...set, updatedAt: new Date() }).where(eq(refunds.id, id)).returning();
  return row ?? null;
}

export async function updateRefundByRef(db: Db, provider: string, providerRef: string, set: Partial<typeof refunds.$inferInsert>) {
  const rows = await db
    .update(refunds)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRef, providerRef)))
    .returning();
  return rows[0] ?? null;
}
