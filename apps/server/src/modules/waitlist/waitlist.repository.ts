import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { WAITLIST_LOCK_KEY } from '../../lib/lock-keys.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import { doctors, treatments, users, waitlistEntries, waitlistOffers } from '../../db/schema.ts';

export type EntryRow = typeof waitlistEntries.$inferSelect;
export type OfferRow = typeof waitlistOffers.$inferSelect;

const ACTIVE = ['waiting', 'offered'] as const;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

export async function insertEntry(db: Db, entry: typeof waitlistEntries.$inferInsert): Promise<EntryRow> {
  const [row] = await db.insert(waitlistEntries).values(entry).returning();
  return row!;
}

/** A patient's active entries with their treatment's and doctor's names, oldest first. */
export function listActiveEntriesOf(db: Db, patientId: string) {
  return db
    .select({ entry: waitlistEntries, treatmentName: treatments.name, doctorName: doctors.name })
    .from(waitlistEntries)
    .innerJoin(treatments, eq(treatments.id, waitlistEntries.treatmentId))
    .leftJoin(doctors, eq(doctors.id, waitlistEntries.doctorId))
    .where(and(eq(waitlistEntries.patientId, patientId), inArray(waitlistEntries.status, [...ACTIVE])))
    .orderBy(asc(waitlistEntries.createdAt));
}

/** Every entry of a patient, any status, oldest first (their data export). */
export function listAllEntriesOf(db: Db, patientId: string) {
  return db
    .select({ entry: waitlistEntries, treatmentName: treatments.name })
    .from(waitlistEntries)
    .innerJoin(treatments, eq(treatments.id, waitlistEntries.treatmentId))
    .where(eq(waitlistEntries.patientId, patientId))
    .orderBy(asc(waitlistEntries.createdAt));
}

export function listOpenOffersOf(db: Db, entryIds: readonly string[]) {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .select({ offer: waitlistOffers, doctorName: doctors.name })
    .from(waitlistOffers)
    .leftJoin(doctors, eq(doctors.id, waitlistOffers.doctorId))
    .where(
      and(
        inArray(waitlistOffers.entryId, [...entryIds]),
        eq(waitlistOffers.status, 'open'),
        // A time booked meanwhile is no offer any more (the minute tick closes it too).
        sql`NOT EXISTS (SELECT 1 FROM bookings b WHERE b.status = 'confirmed' AND b.lane_id = ${waitlistOffers.laneId}
              AND b.date = ${waitlistOffers.date} AND b.start_min < ${waitlistOffers.endMin} AND ${waitlistOffers.startMin} < b.end_min)`,
      ),
    )
    .orderBy(asc(waitlistOffers.date), asc(waitlistOffers.startMin));
}

/** The entry, locked, if it is the patient's. */
export async function lockEntryOf(db: Db, id: string, patientId: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.patientId, patientId)))
    .for('update');
  return row;
}

export async function setEntryStatus(db: Db, id: string, status: EntryRow['status']): Promise<void> {
  await db.update(waitlistEntries).set({ status }).where(eq(waitlistEntries.id, id));
}

/** An offer with its entry (any patient's: the caller checks the owner). */
export async function findOffer(db: Db, id: string) {
  const [row] = await db
    .select({ offer: waitlistOffers, entry: waitlistEntries, treatmentName: treatments.name })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(treatments, eq(treatments.id, waitlistEntries.treatmentId))
    .where(eq(waitlistOffers.id, id));
  return row;
}

/** Open offers of the entries become `status`. */
export async function closeOpenOffersOf(db: Db, entryIds: readonly string[], status: 'expired' | 'superseded'): Promise<void> {
  if (entryIds.length === 0) return;
  await db
    .update(waitlistOffers)
    .set({ status })
    .where(and(inArray(waitlistOffers.entryId, [...entryIds]), eq(waitlistOffers.status, 'open')));
}

/** Other open offers of a time someone booked are superseded. */
export async function supersedeOffersOfTime(db: Db, offer: Pick<OfferRow, 'laneId' | 'date' | 'startMin' | 'endMin'>): Promise<void> {
  await db.execute(sql`
    UPDATE waitlist_offers SET status = 'superseded'
    WHERE status = 'open' AND lane_id = ${offer.laneId} AND date = ${offer.date}
      AND start_min < ${offer.endMin} AND ${offer.startMin} < end_min`);
}

export async function setOfferStatus(db: Db, id: string, status: OfferRow['status']): Promise<void> {
  await db.update(waitlistOffers).set({ status }).where(eq(waitlistOffers.id, id));
}

/**
 * Patients booked these treatments: their waiting for them ends (`booked`), and their open offers
 * close. Two writes for the booking's transaction to send with its own (lib/pending-write.ts): the
 * offers first, so that they are found by their entries' state before the booking, whether the two
 * run in one statement or one after the other.
 */
export function closeEntriesBookedWrites(pairs: readonly { patientId: string | null; treatmentId: string }[]): PendingWrite[] {
  const owned = pairs.filter((p): p is { patientId: string; treatmentId: string } => p.patientId !== null);
  if (owned.length === 0) return [];
  const booked = sql`(VALUES ${sql.join(owned.map((p) => sql`(${p.patientId}::text, ${p.treatmentId}::uuid)`), sql`, `)}) AS v(patient_id, treatment_id)`;
  const matches = sql`e.patient_id = v.patient_id AND e.treatment_id = v.treatment_id AND e.status IN ('waiting', 'offered')`;
  return [
    sql`UPDATE waitlist_offers o SET status = 'superseded' FROM waitlist_entries e, ${booked} WHERE o.entry_id = e.id AND o.status = 'open' AND ${matches}`,
    sql`UPDATE waitlist_entries e SET status = 'booked' FROM ${booked} WHERE ${matches}`,
  ];
}

/**
 * Waiting entries (with an open offer or not) whose range covers `date`, of the treatments
 * asked, with the patient's contact: FIFO by when they joined.
 */
export function listEntriesCovering(db: Db, date: string) {
  return db
    .select({ entry: waitlistEntries, email: users.email, name: users.name })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.patientId))
    .where(
      and(
        inArray(waitlistEntries.status, [...ACTIVE]),
        lte(waitlistEntries.dateFrom, date),
        sql`${waitlistEntries.dateTo} >= ${date}`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt));
}

/** The distinct dates from `from` to `to` that some active entry covers. */
export async function datesWithEntries(db: Db, from: string, to: string): Promise<string[]> {
  const result = await db.execute<{ d: string }>(sql`
    SELECT DISTINCT to_char(d, 'YYYY-MM-DD') AS d
    FROM waitlist_entries e, generate_series(greatest(e.date_from, ${from}::date), least(e.date_to, ${to}::date), interval '1 day') AS d
    WHERE e.status IN ('waiting', 'offered')
    ORDER BY 1`);
  return rowsOf<{ d: string }>(result).map((r) => r.d);
}

/** Open offers on a date, to count how many each time already has. */
export function listOpenOffersOn(db: Db, date: string) {
  return db.select().from(waitlistOffers).where(and(eq(waitlistOffers.date, date), eq(waitlistOffers.status, 'open')));
}

/** Stores offers; one an entry already had for the same time is skipped. Answers those stored. */
export async function insertOffers(db: Db, offers: (typeof waitlistOffers.$inferInsert)[]): Promise<OfferRow[]> {
  if (offers.length === 0) return [];
  return db.insert(waitlistOffers).values(offers).onConflictDoNothing().returning();
}

export async function markEntriesOffered(db: Db, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(waitlistEntries).set({ status: 'offered', lastOfferedAt: at }).where(inArray(waitlistEntries.id, [...ids]));
}

/**
 * Open offers past their expiry, or whose time a confirmed booking now overlaps, close
 * (`expired` / `superseded`); their entries with no open offer left wait again. Answers the
 * dates of the expired ones (the next batch may be offered there).
 */
export async function closeStaleOffers(db: Db, now: Date): Promise<{ expiredDates: string[] }> {
  const expired = rowsOf<{ date: string }>(
    await db.execute(sql`
      UPDATE waitlist_offers SET status = 'expired'
      WHERE status = 'open' AND expires_at <= ${now}
      RETURNING to_char(date, 'YYYY-MM-DD') AS date`),
  );
  await db.execute(sql`
    UPDATE waitlist_offers o SET status = 'superseded'
    WHERE o.status = 'open' AND EXISTS (
      SELECT 1 FROM bookings b
      WHERE b.status = 'confirmed' AND b.lane_id = o.lane_id AND b.date = o.date
        AND b.start_min < o.end_min AND o.start_min < b.end_min)`);
  await db.execute(sql`
    UPDATE waitlist_entries e SET status = 'waiting'
    WHERE e.status = 'offered' AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id AND o.status = 'open')`);
  return { expiredDates: [...new Set(expired.map((r) => r.date))] };
}

/** Entries whose last day has passed expire. */
export async function expirePastEntries(db: Db, today: string): Promise<void> {
  await db.execute(sql`
    WITH gone AS (
      UPDATE waitlist_entries SET status = 'expired'
      WHERE status IN ('waiting', 'offered') AND date_to < ${today}::date
      RETURNING id)
    UPDATE waitlist_offers o SET status = 'expired' FROM gone WHERE o.entry_id = gone.id AND o.status = 'open'`);
}

/** The matcher's lock, held to the end of `tx`: one matcher (or expiry) at a time across instances. */
export async function lockMatcher(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WAITLIST_LOCK_KEY})`);
}

/** One join at a time per patient: the patient's row locked to the end of `tx`. */
export async function lockPatientForJoin(tx: Db, patientId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, patientId)).for('update');
}

/** `entry|lane|start` of every offer made on `date`, whatever became of it. */
export async function offeredKeysOn(db: Db, date: string): Promise<Set<string>> {
  const rows = await db
    .select({ entryId: waitlistOffers.entryId, laneId: waitlistOffers.laneId, startMin: waitlistOffers.startMin })
    .from(waitlistOffers)
    .where(eq(waitlistOffers.date, date));
  return new Set(rows.map((r) => `${r.entryId}|${r.laneId}|${r.startMin}`));
}

/** An offered entry waits again, unless another of its offers is still open. */
export async function reopenEntryUnlessOffered(db: Db, entryId: string): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({ status: 'waiting' })
    .where(
      and(
        eq(waitlistEntries.id, entryId),
        eq(waitlistEntries.status, 'offered'),
        sql`NOT EXISTS (SELECT 1 FROM ${waitlistOffers} o WHERE o.entry_id = ${waitlistEntries.id} AND o.status = 'open')`,
      ),
    );
}
