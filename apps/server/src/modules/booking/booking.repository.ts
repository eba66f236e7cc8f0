import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, treatments } from '../../db/schema.ts';
import { AVAILABILITY_CHANNEL } from './availability-cache.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type TreatmentRow = typeof treatments.$inferSelect;

export function listTreatments(db: Db): Promise<TreatmentRow[]> {
  return db.select().from(treatments).orderBy(asc(treatments.position), asc(treatments.name));
}

/** `(treatmentId, slot)` of every active booking on a date. */
export function takenSlotsOn(db: Db, date: string) {
  return db
    .select({ treatmentId: bookings.treatmentId, slot: bookings.slot })
    .from(bookings)
    .where(and(eq(bookings.date, date), eq(bookings.status, 'active')));
}

/**
 * Tells every instance (this one included) that a date's availability changed. Sent inside the
 * changing transaction, PostgreSQL delivers it only if and when that transaction commits.
 */
export async function notifyAvailabilityChanged(tx: Db, date: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${AVAILABILITY_CHANNEL}, ${date})`);
}

export type InsertOutcome = { booking: BookingRow } | { conflict: BookingRow };

/**
 * Inserts a booking unless the slot is taken or the patient already has this treatment that day.
 * Competing inserts for one treatment and date queue on a transaction-scoped advisory lock, so
 * exactly one wins and the rest see it; a bare unique constraint under a 1,000-way race made
 * PostgreSQL deadlock on the index in a trial. The unique indexes stay as the last word.
 */
export function insertBookingUnlessTaken(
  db: Db,
  booking: NewBooking,
  /** Runs in the same transaction after the insert (the confirmation mail goes in the outbox). */
  afterInsert?: (tx: Db, row: BookingRow) => Promise<void>,
): Promise<InsertOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${booking.treatmentId}), hashtext(${booking.date}))`,
    );
    const clashes = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.treatmentId, booking.treatmentId),
          eq(bookings.date, booking.date),
          eq(bookings.status, 'active'),
          or(eq(bookings.slot, booking.slot), eq(bookings.patientEmail, booking.patientEmail)),
        ),
      );
    if (clashes.length > 0) {
      // The patient's own booking explains the conflict best; otherwise the slot's taker.
      return { conflict: clashes.find((b) => b.patientEmail === booking.patientEmail) ?? clashes[0]! };
    }
    const [row] = await tx.insert(bookings).values(booking).returning();
    await notifyAvailabilityChanged(tx, booking.date);
    await afterInsert?.(tx, row!);
    return { booking: row! };
  });
}

export function listActiveBookingsOf(db: Db, patientEmail: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.patientEmail, patientEmail), eq(bookings.status, 'active')))
    .orderBy(asc(bookings.date), asc(bookings.createdAt));
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

/** Active bookings of a patient from a date on (for cancelling a removed account's future ones). */
export function listActiveBookingsFrom(db: Db, patientEmail: string, fromDate: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.patientEmail, patientEmail), eq(bookings.status, 'active'), sql`${bookings.date} >= ${fromDate}`));
}

export async function cancelBookings(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(inArray(bookings.id, ids), eq(bookings.status, 'active')))
    .returning({ id: bookings.id, date: bookings.date });
  for (const date of new Set(rows.map((r) => r.date))) await notifyAvailabilityChanged(db, date);
  return rows.length;
}
