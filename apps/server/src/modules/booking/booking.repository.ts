import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, treatments } from '../../db/schema.ts';
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

/** A conflict names who holds the slot, or the patient's own booking of that treatment that day. */
export type InsertOutcome = { booking: BookingRow } | { conflict: SlotHolder };

/** Every holder of a treatment's slots on a date, as a batch's transaction saw them. */
export interface DayHolders {
  treatmentId: string;
  date: string;
  holders: SlotHolder[];
}

type Day = Pick<NewBooking, 'treatmentId' | 'date'>;
const dayKey = (b: Day) => `${b.treatmentId}|${b.date}`;

/**
 * Inserts each of a batch of bookings unless its slot is taken or its patient already has that
 * treatment that day, all in one transaction; within the batch, earlier requests win. Answers
 * one outcome per request, in order, and the holders of the days where nothing was inserted
 * (still true after the commit, until the next change to that day).
 *
 * Competing inserts for one treatment and date queue on a transaction-scoped advisory lock, so
 * exactly one wins and the rest see it; a bare unique constraint under a 1,000-way race made
 * PostgreSQL deadlock on the index in a trial. A batch takes its days' locks in one statement,
 * in one sorted order on every instance, so two batches cannot wait on each other in a cycle.
 * The unique indexes stay as the last word.
 */
export function insertBookingsUnlessTaken(
  db: Db,
  requests: NewBooking[],
  /** Runs in the same transaction after the insert (the confirmation mails go in the outbox). */
  afterInsert?: (tx: Db, rows: BookingRow[]) => Promise<void>,
): Promise<{ outcomes: InsertOutcome[]; unchangedDays: DayHolders[] }> {
  return db.transaction(async (tx) => {
    const days = [...new Map(requests.map((r) => [dayKey(r), { treatmentId: r.treatmentId, date: r.date }])).entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, day]) => day);
    await tx.execute(
      sql`SELECT ${sql.join(
        days.map((d) => sql`pg_advisory_xact_lock(hashtext(${d.treatmentId}), hashtext(${d.date}))`),
        sql`, `,
      )}`,
    );
    const held = await tx
      // Only what decides and words a conflict: a busy day holds many bookings, and every
      // column of every one was parsed on each batch.
      .select({ treatmentId: bookings.treatmentId, date: bookings.date, slot: bookings.slot, patientEmail: bookings.patientEmail })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'active'),
          or(...days.map((d) => and(eq(bookings.treatmentId, d.treatmentId), eq(bookings.date, d.date)))),
        ),
      );
    // Who holds a slot on each day: a committed booking, or a request of this batch that won.
    const holders = new Map<string, SlotHolder[]>();
    const hold = (key: string, holder: SlotHolder) => {
      const list = holders.get(key);
      if (list) list.push(holder);
      else holders.set(key, [holder]);
    };
    for (const row of held) hold(dayKey(row), { slot: row.slot, patientEmail: row.patientEmail });

    const blockers = requests.map((request): SlotHolder | undefined => {
      const key = dayKey(request);
      const blocker = blockerOf(holders.get(key) ?? [], request);
      if (!blocker) hold(key, { slot: request.slot, patientEmail: request.patientEmail });
      return blocker;
    });

    const winners = requests.filter((_, i) => blockers[i] === undefined);
    const inserted = winners.length > 0 ? await tx.insert(bookings).values(winners).returning() : [];
    // (treatment, date, slot) is unique among the winners: it pairs each request with its row.
    const rows = new Map(inserted.map((row) => [`${dayKey(row)}|${row.slot}`, row]));
    const rowOf = (request: NewBooking) => rows.get(`${dayKey(request)}|${request.slot}`)!;
    if (inserted.length > 0) {
      await notifyAvailabilityChanged(tx, ...new Set(inserted.map((row) => row.date)));
      await afterInsert?.(tx, inserted);
    }
    const outcomes = requests.map((request, i): InsertOutcome => {
      const blocker = blockers[i];
      if (!blocker) return { booking: rowOf(request) };
      return { conflict: blocker };
    });
    const changed = new Set(winners.map(dayKey));
    const unchangedDays = days
      .filter((day) => !changed.has(dayKey(day)))
      .map((day) => ({ ...day, holders: holders.get(dayKey(day)) ?? [] }));
    return { outcomes, unchangedDays };
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
  await notifyAvailabilityChanged(db, ...new Set(rows.map((r) => r.date)));
  return rows.length;
}
