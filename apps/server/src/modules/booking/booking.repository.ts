import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, treatments, users } from '../../db/schema.ts';
import type { Day } from './booking-rules.ts';

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

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Takes the transaction-scoped advisory locks a booking write needs: one per treatment and date
 * (competing inserts queue there, so exactly one wins and the rest see it; a bare unique
 * constraint under a 1,000-way race made PostgreSQL deadlock on the index in a trial), then one
 * per patient (guarding their count of upcoming bookings; the one-key lock space, apart from the
 * days' two-key one). All in one statement, days then patients, each in one sorted order on
 * every instance, so two writers cannot wait on each other in a cycle.
 */
export async function lockBookingDays(tx: Db, days: readonly Day[], patientIds: readonly string[]): Promise<void> {
  const dayKeys = [...new Map(days.map((d) => [`${d.treatmentId}|${d.date}`, d])).entries()].sort(([a], [b]) => byText(a, b));
  const patients = [...new Set(patientIds)].sort(byText);
  if (dayKeys.length + patients.length === 0) return;
  await tx.execute(
    sql`SELECT ${sql.join(
      [
        ...dayKeys.map(([, d]) => sql`pg_advisory_xact_lock(hashtext(${d.treatmentId}), hashtext(${d.date}))`),
        ...patients.map((id) => sql`pg_advisory_xact_lock(hashtextextended(${`patient:${id}`}, 0))`),
      ],
      sql`, `,
    )}`,
  );
}

/**
 * The active bookings of these treatments' days: only what decides and words a conflict (a busy
 * day holds many bookings, and every column of every one was parsed on each write).
 */
export function listHoldersOn(tx: Db, days: readonly Day[]) {
  if (days.length === 0) return Promise.resolve([]);
  return tx
    .select({ treatmentId: bookings.treatmentId, date: bookings.date, slot: bookings.slot, patientId: bookings.patientId })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'active'),
        or(...days.map((d) => and(eq(bookings.treatmentId, d.treatmentId), eq(bookings.date, d.date)))),
      ),
    );
}

/** How many active bookings from `fromDate` on each of these patients holds (absent: none). */
export async function countActiveBookingsFrom(tx: Db, patientIds: readonly string[], fromDate: string) {
  if (patientIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ patientId: bookings.patientId, count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.status, 'active'), inArray(bookings.patientId, [...patientIds]), gte(bookings.date, fromDate)))
    .groupBy(bookings.patientId);
  return new Map(rows.map((row) => [row.patientId!, row.count]));
}

export function insertBookings(tx: Db, rows: NewBooking[]): Promise<BookingRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.insert(bookings).values(rows).returning();
}

/** The active bookings of an account. */
export function listActiveBookingsOf(db: Db, patientId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.patientId, patientId), eq(bookings.status, 'active')))
    .orderBy(asc(bookings.date), asc(bookings.createdAt));
}

/**
 * The active bookings of the account registered under `email` now (an admin looking a patient
 * up): a booking made under that address by an account since removed is not among them.
 */
export function listActiveBookingsOfEmail(db: Db, email: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        inArray(bookings.patientId, db.select({ id: users.id }).from(users).where(eq(users.email, email))),
        eq(bookings.status, 'active'),
      ),
    )
    .orderBy(asc(bookings.date), asc(bookings.createdAt));
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

/** Active bookings of an account from a date on (for cancelling a removed account's future ones). */
export function listActiveBookingsFrom(db: Db, patientId: string, fromDate: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.patientId, patientId), eq(bookings.status, 'active'), gte(bookings.date, fromDate)));
}

/** Cancels those of `ids` still active; answers the cancelled ones with their dates. */
export function cancelBookings(db: Db, ids: string[]): Promise<{ id: string; date: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(inArray(bookings.id, ids), eq(bookings.status, 'active')))
    .returning({ id: bookings.id, date: bookings.date });
}

/** Every booking of an account, whatever its status, oldest first (the account's export). */
export function listAllBookingsOf(db: Db, patientId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.patientId, patientId))
    .orderBy(asc(bookings.date), asc(bookings.createdAt));
}

/**
 * An erased account's bookings that the clinic keeps: paid ones, and active ones (begun or past,
 * once its upcoming ones are cancelled), or any with a succeeded payment. They get the account's
 * pseudonym; their snapshots are returned for the retention store before the owner's removal
 * empties them (the trigger of migration 0007).
 */
export function markRetainedBookings(tx: Db, patientId: string, subjectRef: string) {
  const settled = sql`EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = ${bookings.id} AND p.status = 'succeeded')`;
  return tx
    .update(bookings)
    .set({ subjectRef })
    .where(and(eq(bookings.patientId, patientId), sql`(${bookings.paid} OR ${bookings.status} = 'active' OR ${settled})`))
    .returning({ id: bookings.id, name: bookings.patientName, email: bookings.patientEmail, phone: bookings.phone });
}

/** The account's bookings not kept by `markRetainedBookings`: never paid, never attended. */
export async function listUnretainedBookingIds(tx: Db, patientId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.patientId, patientId), isNull(bookings.subjectRef)));
  return rows.map((r) => r.id);
}

/** Deletes bookings; their unsettled payments must be gone first (the foreign key). */
export async function deleteBookings(tx: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.delete(bookings).where(inArray(bookings.id, ids)).returning({ id: bookings.id });
  return rows.length;
}
