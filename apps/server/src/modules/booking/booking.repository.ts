import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, treatments, users } from '../../db/schema.ts';
import { AVAILABILITY_CHANNEL, blockerOf, type SlotHolder } from './availability-cache.ts';

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
 * Tells every instance (this one included) that these dates' availability changed. Sent inside
 * the changing transaction, PostgreSQL delivers it only if and when that transaction commits.
 */
export async function notifyAvailabilityChanged(tx: Db, ...dates: string[]): Promise<void> {
  if (dates.length === 0) return;
  await tx.execute(sql`SELECT ${sql.join(dates.map((date) => sql`pg_notify(${AVAILABILITY_CHANNEL}, ${date})`), sql`, `)}`);
}

/**
 * A conflict names who holds the slot, or the patient's own booking of that treatment that day;
 * `overLimit` says the patient already holds the most upcoming bookings one may.
 */
export type InsertOutcome = { booking: BookingRow } | { conflict: SlotHolder } | { overLimit: number };

/** Every holder of a treatment's slots on a date, as a batch's transaction saw them. */
export interface DayHolders {
  treatmentId: string;
  date: string;
  holders: SlotHolder[];
}

/** How many active bookings from `today` on one patient may hold at once. */
export interface ActiveLimit {
  today: string;
  max: number;
}

type Day = Pick<NewBooking, 'treatmentId' | 'date'>;
const dayKey = (b: Day) => `${b.treatmentId}|${b.date}`;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Inserts each of a batch of bookings unless its slot is taken, its patient already has that
 * treatment that day, or its patient already holds `limit.max` upcoming bookings, all in one
 * transaction; within the batch, earlier requests win. Answers one outcome per request, in
 * order, and the holders of the days where nothing was inserted (still true after the commit,
 * until the next change to that day).
 *
 * Competing inserts for one treatment and date queue on a transaction-scoped advisory lock, so
 * exactly one wins and the rest see it; a bare unique constraint under a 1,000-way race made
 * PostgreSQL deadlock on the index in a trial. The patients' count of upcoming bookings is
 * guarded the same way, by a lock per patient (the one-key lock space, apart from the days'
 * two-key one). A batch takes all its locks in one statement, days then patients, each in one
 * sorted order on every instance, so two batches cannot wait on each other in a cycle. The
 * unique indexes stay as the last word.
 */
export function insertBookingsUnlessTaken(
  db: Db,
  requests: (NewBooking & { patientId: string })[],
  limit: ActiveLimit,
  /** Runs in the same transaction after the insert (the confirmation mails go in the outbox). */
  afterInsert?: (tx: Db, rows: BookingRow[]) => Promise<void>,
): Promise<{ outcomes: InsertOutcome[]; unchangedDays: DayHolders[] }> {
  return db.transaction(async (tx) => {
    const days = [...new Map(requests.map((r) => [dayKey(r), { treatmentId: r.treatmentId, date: r.date }])).entries()]
      .sort(([a], [b]) => byText(a, b))
      .map(([, day]) => day);
    const patients = [...new Set(requests.map((r) => r.patientId))].sort(byText);
    await tx.execute(
      sql`SELECT ${sql.join(
        [
          ...days.map((d) => sql`pg_advisory_xact_lock(hashtext(${d.treatmentId}), hashtext(${d.date}))`),
          ...patients.map((id) => sql`pg_advisory_xact_lock(hashtextextended(${`patient:${id}`}, 0))`),
        ],
        sql`, `,
      )}`,
    );
    const held = await tx
      // Only what decides and words a conflict: a busy day holds many bookings, and every
      // column of every one was parsed on each batch.
      .select({ treatmentId: bookings.treatmentId, date: bookings.date, slot: bookings.slot, patientId: bookings.patientId })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'active'),
          or(...days.map((d) => and(eq(bookings.treatmentId, d.treatmentId), eq(bookings.date, d.date)))),
        ),
      );
    const activeCounts = await tx
      .select({ patientId: bookings.patientId, count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.status, 'active'), inArray(bookings.patientId, patients), gte(bookings.date, limit.today)))
      .groupBy(bookings.patientId);
    const active = new Map(activeCounts.map((row) => [row.patientId!, row.count]));

    // Who holds a slot on each day: a committed booking, or a request of this batch that won.
    const holders = new Map<string, SlotHolder[]>();
    const hold = (key: string, holder: SlotHolder) => {
      const list = holders.get(key);
      if (list) list.push(holder);
      else holders.set(key, [holder]);
    };
    for (const row of held) hold(dayKey(row), { slot: row.slot, patientId: row.patientId });

    const refusals = requests.map((request): Exclude<InsertOutcome, { booking: BookingRow }> | undefined => {
      const key = dayKey(request);
      const blocker = blockerOf(holders.get(key) ?? [], request);
      if (blocker) return { conflict: blocker };
      const count = active.get(request.patientId) ?? 0;
      // Every request is for today or later (the service refused the rest).
      if (count >= limit.max) return { overLimit: limit.max };
      hold(key, { slot: request.slot, patientId: request.patientId });
      active.set(request.patientId, count + 1);
      return undefined;
    });

    const winners = requests.filter((_, i) => refusals[i] === undefined);
    const inserted = winners.length > 0 ? await tx.insert(bookings).values(winners).returning() : [];
    // (treatment, date, slot) is unique among the winners: it pairs each request with its row.
    const rows = new Map(inserted.map((row) => [`${dayKey(row)}|${row.slot}`, row]));
    const rowOf = (request: NewBooking) => rows.get(`${dayKey(request)}|${request.slot}`)!;
    if (inserted.length > 0) {
      await notifyAvailabilityChanged(tx, ...new Set(inserted.map((row) => row.date)));
      await afterInsert?.(tx, inserted);
    }
    const outcomes = requests.map((request, i): InsertOutcome => refusals[i] ?? { booking: rowOf(request) });
    const changed = new Set(winners.map(dayKey));
    const unchangedDays = days
      .filter((day) => !changed.has(dayKey(day)))
      .map((day) => ({ ...day, holders: holders.get(dayKey(day)) ?? [] }));
    return { outcomes, unchangedDays };
  });
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

export async function cancelBookings(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(inArray(bookings.id, ids), eq(bookings.status, 'active')))
    .returning({ id: bookings.id, date: bookings.date });
  await notifyAvailabilityChanged(db, ...new Set(rows.map((r) => r.date)));
  return rows.length;
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
