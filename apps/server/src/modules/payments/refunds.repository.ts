import { and, desc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingEvents, payments, refunds } from '../../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * The booking's settled payment (the one a refund goes back to): the one that paid it, else the
 * newest. A second payment of a paid booking is given back on its own and is not this one.
 */
export async function settledPaymentOf(tx: Db, bookingId: string) {
  const paidIt = sql`${payments.providerRef} = (SELECT b.transaction_id FROM bookings b WHERE b.id = ${bookingId})`;
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

export async function insertRefund(tx: Db, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [created] = await tx.insert(refunds).values(row).returning();
  return created!;
}

/** Every refund of these bookings, newest first. */
export function refundsOf(db: Db, bookingIds: readonly string[]): Promise<RefundRow[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.select().from(refunds).where(inArray(refunds.bookingId, [...bookingIds])).orderBy(desc(refunds.createdAt));
}

/**
 * Claims due pending refunds for one worker: FOR UPDATE SKIP LOCKED, so instances running at
 * once never take the same one; the claim lapses after `claimMs` (a worker that died mid-call).
 */
export async function claimDueRefunds(db: Db, now: Date, limit: number, claimMs: number): Promise<RefundRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'pending'),
          lte(refunds.nextAttemptAt, now),
          or(isNull(refunds.claimedUntil), lte(refunds.claimedUntil, now)),
        ),
      )
      .orderBy(refunds.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(refunds)
      .set({ claimedUntil: new Date(now.getTime() + claimMs), attempts: sql`${refunds.attempts} + 1` })
      .where(inArray(refunds.id, due.map((r) => r.id)));
    return due.map((r) => ({ ...r, attempts: r.attempts + 1 }));
  });
}

/** Updates a refund; a settled outcome (succeeded, failed) also goes into its booking's history. */
export async function updateRefund(db: Db, id: string, set: Partial<typeof refunds.$inferInsert>): Promise<void> {
  const [row] = await db.update(refunds).set({ ...set, updatedAt: new Date() }).where(eq(refunds.id, id)).returning();
  if (row && (set.status === 'succeeded' || set.status === 'failed')) await refundEvent(db, row);
}

async function refundEvent(db: Db, row: RefundRow) {
  await db.insert(bookingEvents).values({
    bookingId: row.bookingId, actorKind: 'system', actorId: null, type: 'refund', data: { status: row.status, amount: row.amountCents / 100 },
  });
}

export async function updateRefundByRef(db: Db, provider: string, providerRef: string, set: Partial<typeof refunds.$inferInsert>) {
  const rows = await db
    .update(refunds)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRef, providerRef)))
    .returning();
  if (rows[0] && (set.status === 'succeeded' || set.status === 'failed')) await refundEvent(db, rows[0]);
  return rows[0] ?? null;
}
