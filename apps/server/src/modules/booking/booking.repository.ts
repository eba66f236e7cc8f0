import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { SCHEDULE_LOCK_KEY } from '../../lib/lock-keys.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookings, clinicState, users } from '../../db/schema.ts';
import { jsonInsert, rowFromDriver } from '../../db/json-rows.ts';
import type { ConfirmedFilter } from '../schedule/schedule-admin-answers.ts';
import { containing } from '../../lib/like-pattern.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
/** The lane and time of every confirmed booking on a date. */
export function takenSlotsOn(db: Db, date: string) {
  return db
    .select({ laneId: bookings.laneId, startMin: bookings.startMin, endMin: bookings.endMin })
    .from(bookings)
    .where(and(eq(bookings.date, date), eq(bookings.status, 'confirmed')));
}

/** A lane on a date: what a booking write locks. */
export interface LaneDay {
  laneId: string;
  date: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Takes the transaction-scoped advisory locks a booking write needs: the schedule lock, shared
 * (lib/lock-keys.ts); one per lane and date (competing inserts queue there, so exactly one wins
 * and the rest see it; a bare constraint under a 1,000-way race made PostgreSQL deadlock on the
 * index in a trial; a treatment's own lane has the key its (treatment, date) had before lanes);
 * then one per patient (guarding their count of upcoming bookings and their one booking of a
 * treatment a day; the one-key lock space, apart from the lanes' two-key one). All in one
 * statement, in that order, each group sorted the same way on every instance, so two writers
 * cannot wait on each other in a cycle.
 */
export async function lockBookingDays(tx: Db, lanes: readonly LaneDay[], patientIds: readonly string[]): Promise<void> {
  const dayKeys = [...new Map(lanes.map((d) => [`${d.laneId}|${d.date}`, d])).entries()].sort(([a], [b]) => byText(a, b));
  const patients = [...new Set(patientIds)].sort(byText);
  await tx.execute(
    sql`SELECT ${sql.join(
      [
        sql`pg_advisory_xact_lock_shared(${SCHEDULE_LOCK_KEY})`,
        ...dayKeys.map(([, d]) => sql`pg_advisory_xact_lock(hashtext(${d.laneId}), hashtext(${d.date}))`),
        ...patients.map((id) => sql`pg_advisory_xact_lock(hashtextextended(${`patient:${id}`}, 0))`),
      ],
      sql`, `,
    )}`,
  );
}

/** The schedule's version as this transaction sees it (read after `lockBookingDays`). */
export async function scheduleVersionNow(tx: Db): Promise<number> {
  const [row] = await tx.select({ version: clinicState.scheduleVersion }).from(clinicState).where(eq(clinicState.id, 1));
  return row?.version ?? 0;
}

/** A treatment's day as a booking write reads it: the treatment's own bookings and its lanes'. */
export interface HolderScope {
  treatmentId: string;
  date: string;
  lanes: readonly string[];
}

/**
 * The confirmed bookings of these treatments' days and lanes: only what decides and words a
 * conflict (a busy day holds many bookings, and every column of every one was parsed on each
 * write).
 */
export function listHoldersOn(tx: Db, scopes: readonly HolderScope[]) {
  if (scopes.length === 0) return Promise.resolve([]);
  return holdersQuery(tx, scopes);
}

function holdersQuery(tx: Db, scopes: readonly HolderScope[]) {
  return tx
    .select({
      id: bookings.id,
      laneId: bookings.laneId,
      treatmentId: bookings.treatmentId,
      date: bookings.date,
      startMin: bookings.startMin,
      endMin: bookings.endMin,
      slot: bookings.slot,
      patientId: bookings.patientId,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        or(
          ...scopes.map((d) =>
            and(eq(bookings.date, d.date), or(eq(bookings.treatmentId, d.treatmentId), inArray(bookings.laneId, [...d.lanes]))),
          ),
        ),
      ),
    );
}

/** A holder as `listHoldersOn` answers it. */
export type Holder = Awaited<ReturnType<typeof holdersQuery>>[number];

/**
 * What a booking write decides on, in one statement (one round trip instead of three), read once
 * its locks are held (a statement reads the data committed when it starts, so not in the locking
 * one): the schedule's version (as `scheduleVersionNow`), the holders of these treatments' days
 * (as `listHoldersOn`) and how many active bookings from `fromDate` on each patient holds (absent
 * from the map: none).
 */
export async function readWriteState(tx: Db, scopes: readonly HolderScope[], patientIds: readonly string[], fromDate: string, households: readonly string[] = []) {
  // One text for every batch, its lists as parameters (a JSON array of scopes, arrays of ids):
  // Drizzle built the nested selects again for each batch, a tenth of a booking's CPU (issue 37).
  // The scopes are read from their JSON once (MATERIALIZED; inside the EXISTS it was parsed again
  // for every booking of those days), and `b.date = ANY` keeps bookings_date_idx in the plan.
  const result = await tx.execute(sql`SELECT
    (SELECT schedule_version FROM clinic_state WHERE id = 1) AS version,
    (SELECT coalesce(json_agg(h), '[]'::json) FROM (
      WITH s AS MATERIALIZED (SELECT * FROM json_to_recordset(${JSON.stringify(scopes)}::json) AS s("treatmentId" uuid, date date, lanes uuid[]))
      SELECT b.id, b.lane_id, b.treatment_id, b.date, b.start_min, b.end_min, b.slot, b.patient_id
      FROM bookings b
      WHERE b.status = 'confirmed' AND b.date = ANY (ARRAY(SELECT date FROM s))
        AND EXISTS (SELECT 1 FROM s WHERE b.date = s.date AND (b.treatment_id = s."treatmentId" OR b.lane_id = ANY (s.lanes)))) h) AS holders,
    (SELECT coalesce(json_agg(c), '[]'::json) FROM (
      SELECT b.patient_id, count(*)::int AS count FROM bookings b
      WHERE b.status = 'confirmed' AND b.patient_id = ANY (${textArray(patientIds)}) AND b.date >= ${fromDate}::date
      GROUP BY b.patient_id) c) AS counts,
    (SELECT coalesce(json_agg(f), '[]'::json) FROM (
      SELECT b.booked_by, count(*)::int AS count FROM bookings b
      WHERE b.status = 'confirmed' AND b.booked_by = ANY (${textArray(households)}) AND b.date >= ${fromDate}::date
      GROUP BY b.booked_by) f) AS booked_for`);
  // The subqueries' rows as JSON, under their column names.
  const [row] = (result as unknown as { rows: { version: number | null; holders: HolderJson[]; counts: { patient_id: string; count: number }[]; booked_for: { booked_by: string; count: number }[] }[] }).rows;
  return {
    version: row?.version ?? 0,
    holders: row!.holders.map(
      (h): Holder => ({ id: h.id, laneId: h.lane_id, treatmentId: h.treatment_id, date: h.date, startMin: h.start_min, endMin: h.end_min, slot: h.slot, patientId: h.patient_id }),
    ),
    activeCounts: new Map(row!.counts.map((c) => [c.patient_id, c.count])),
    bookedForCounts: new Map(row!.booked_for.map((c) => [c.booked_by, c.count])),
  };
}

/** A list as one parameter, whatever its length: a JSON array read back as `text[]`. */
const textArray = (values: readonly string[]) => sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json))`;

interface HolderJson {
  id: string;
  lane_id: string;
  treatment_id: string;
  date: string;
  start_min: number;
  end_min: number;
  slot: string;
  patient_id: string | null;
}

/**
 * Inserts bookings and, in the same statement, the writes that go with them (their history,
 * other modules' outbox rows and waitlist changes: lib/pending-write.ts) and `notices` (SELECTs run
 * for their effect, `pg_notify`): all of a booking batch's writes in one round trip. Answers the
 * inserted rows.
 */
export async function insertBookingsWith(tx: Db, rows: NewBooking[], writes: readonly PendingWrite[], notices: readonly SQL[] = []): Promise<BookingRow[]> {
  if (rows.length === 0) return [];
  // The bookings as one JSON parameter (db/json-rows.ts) when they can go so, else Drizzle's
  // builder; either way RETURNING gives the columns under their own names.
  const insert = jsonInsert(bookings, rows, sql` RETURNING *`) ?? tx.insert(bookings).values(rows).returning().getSQL();
  const parts = [sql`WITH "written" AS (${insert})`];
  writes.forEach((write, i) => parts.push(sql`, ${sql.raw(`"write_${i}"`)} AS (${write})`));
  notices.forEach((notice, i) => parts.push(sql`, ${sql.raw(`"notice_${i}"`)} AS (${notice})`));
  parts.push(sql` SELECT * FROM "written"`);
  // A CTE that only reads runs when something reads it: these do, once each.
  if (notices.length > 0) parts.push(sql.raw(` WHERE ${notices.map((_, i) => `exists (select 1 from "notice_${i}")`).join(' AND ')}`));
  const result = (await tx.execute(sql.join(parts))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => rowFromDriver<BookingRow>(bookings, row));
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
    .where(and(eq(bookings.patientId, patientId), eq(bookings.status, 'confirmed'), gte(bookings.date, fromDate)));
}

/** Cancels those of `ids` still confirmed; answers the cancelled ones with their dates. */
/**
 * Cancels the confirmed ones of `ids` as the release path decided (release.ts): when, by whom
 * (the row's `cancelled_by` and `status_changed_by`), why. Answers the rows it changed.
 */
export function markCancelled(
  tx: Db,
  ids: string[],
  set: { at: Date; by: 'patient' | 'admin' | 'system'; actorId: string | null; reason: string },
): Promise<BookingRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledBy: set.by, cancelledAt: set.at, cancelReason: set.reason || null, statusChangedAt: set.at, statusChangedBy: set.actorId })
    .where(and(inArray(bookings.id, ids), eq(bookings.status, 'confirmed')))
    .returning();
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
    // Attended: a past booking still confirmed (nobody marked it) or marked completed; a no-show was not.
    .where(and(eq(bookings.patientId, patientId), sql`(${bookings.paid} OR ${bookings.status} IN ('confirmed', 'completed') OR ${settled})`))
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

/** Which confirmed bookings from a date on a schedule change looks at (any of the filters, all optional). */
/** The filter the schedule admin asks with (declared with its port there). */
export type { ConfirmedFilter };

/** Confirmed bookings from `fromDate` on, narrowed by the filter, in time order. */
export function listConfirmedFrom(tx: Db, f: ConfirmedFilter): Promise<BookingRow[]> {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gte(bookings.date, f.fromDate),
        f.toDate === undefined ? undefined : sql`${bookings.date} <= ${f.toDate}`,
        f.treatmentId === undefined ? undefined : eq(bookings.treatmentId, f.treatmentId),
        f.laneId === undefined ? undefined : eq(bookings.laneId, f.laneId),
        f.doctorId === undefined ? undefined : eq(bookings.doctorId, f.doctorId),
      ),
    )
    .orderBy(asc(bookings.date), asc(bookings.startMin), asc(bookings.id));
}

/** Moves bookings onto a doctor (or, with null, onto their treatment's own queue). */
export async function setBookingDoctor(tx: Db, id: string, doctorId: string | null): Promise<void> {
  await tx.update(bookings).set({ doctorId }).where(eq(bookings.id, id));
}

/** Whether any booking, of any status, names the treatment or the doctor. */
export async function isReferenced(tx: Db, ref: { treatmentId?: string; doctorId?: string }): Promise<boolean> {
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(ref.treatmentId !== undefined ? eq(bookings.treatmentId, ref.treatmentId) : eq(bookings.doctorId, ref.doctorId ?? ''))
    .limit(1);
  return row !== undefined;
}

// --- The lifecycle (design section 2.4): one row through its whole life.

export type BookingEventRow = typeof bookingEvents.$inferSelect;

/** The booking, locked for the rest of the transaction (after the advisory locks: the lock order). */
export async function lockBookingRow(tx: Db, id: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row ?? null;
}

/** Moves a booking in place: one statement, checked by the exclusion constraint against the others. */
export async function moveBooking(
  tx: Db,
  id: string,
  to: Pick<BookingRow, 'date' | 'slot' | 'startMin' | 'endMin' | 'startsAt' | 'endsAt' | 'doctorId'>,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    // A new time is a new question: the patient's "I'm coming" was for the old one.
    .set({ ...to, version: sql`${bookings.version} + 1`, patientConfirmedAt: null })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

export function findBookingsByIds(db: Db, ids: readonly string[]): Promise<BookingRow[]> {
  return db.select().from(bookings).where(inArray(bookings.id, [...ids]));
}

/** Whether the patient has (or had) a booking of any status on the doctor's lane. */
export async function hasBookingWithDoctor(db: Db, patientId: string, doctorId: string): Promise<boolean> {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.patientId, patientId), eq(bookings.doctorId, doctorId))).limit(1);
  return row !== undefined;
}

/** The earliest confirmed booking of any of `patientIds` that starts after `at`, if any. */
export async function findNextUpcoming(db: Db, patientIds: readonly string[], at: Date): Promise<BookingRow | undefined> {
  if (patientIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.patientId, [...patientIds]), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, at)))
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  return row;
}

/** The patient is at the clinic (section 6.4): the first check-in's time stays. */
export async function markArrived(tx: Db, id: string, at: Date): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ arrivedAt: sql`coalesce(${bookings.arrivedAt}, ${at})` })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed')))
    .returning();
  return row;
}

/** The patient says they are coming (a confirm link): the booking must still be at `version` and confirmed. */
export async function markPatientConfirmed(tx: Db, id: string, version: number, at: Date): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ patientConfirmedAt: at })
    .where(and(eq(bookings.id, id), eq(bookings.version, version), eq(bookings.status, 'confirmed')))
    .returning();
  return row;
}

export async function setBookingStatus(
  tx: Db,
  id: string,
  set: Partial<Pick<BookingRow, 'status' | 'cancelledAt' | 'cancelledBy' | 'cancelReason' | 'statusChangedAt' | 'statusChangedBy'>>,
): Promise<BookingRow> {
  const [row] = await tx.update(bookings).set(set).where(eq(bookings.id, id)).returning();
  return row!;
}

/**
 * Confirmed bookings that ended before `endedBefore` become `completed` (AUTO_COMPLETE_AFTER_DAYS),
 * at most `limit` a call, oldest first; answers them.
 */
export async function completeEndedBefore(tx: Db, endedBefore: Date, at: Date, limit: number): Promise<BookingRow[]> {
  const due = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), lt(bookings.endsAt, endedBefore)))
    .orderBy(asc(bookings.startsAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(bookings)
    .set({ status: 'completed', statusChangedAt: at, statusChangedBy: 'system' })
    .where(inArray(bookings.id, due))
    .returning();
}

/**
 * Marks the booking paid unless it already is or was cancelled, with a `paid` entry in its
 * history (the patient paid); returns whether this call did it. A visit held or missed before
 * its payment arrived is still paid by it.
 */
export async function markPaid(tx: Db, id: string, transactionId: string, by?: { kind: 'admin'; id: string }): Promise<boolean> {
  const [paid] = await tx
    .update(bookings)
    .set({ paid: true, transactionId })
    .where(and(eq(bookings.id, id), eq(bookings.paid, false), ne(bookings.status, 'cancelled')))
    .returning({ priceCents: bookings.priceCents, patientId: bookings.patientId });
  if (!paid) return false;
  // The patient paid online, or the front desk took it (`by`).
  const actor = by ? { actorKind: by.kind, actorId: by.id } : { actorKind: 'patient' as const, actorId: paid.patientId };
  await insertBookingEvents(tx, [{ bookingId: id, ...actor, type: 'paid', data: { amount: paid.priceCents / 100, transactionId } }]);
  return true;
}

/** The ids of an account's bookings, any status. */
export async function listBookingIdsOf(db: Db, patientId: string): Promise<string[]> {
  return (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.patientId, patientId))).map((r) => r.id);
}

export async function insertBookingEvents(tx: Db, events: (typeof bookingEvents.$inferInsert)[]): Promise<void> {
  if (events.length > 0) await tx.insert(bookingEvents).values(events);
}

/** `insertBookingEvents` as a pending write, for `insertBookingsWith` (events must not be empty). */
export function bookingEventsWrite(tx: Db, events: (typeof bookingEvents.$inferInsert)[]): PendingWrite {
  return jsonInsert(bookingEvents, events) ?? tx.insert(bookingEvents).values(events).getSQL();
}

export function listBookingEvents(db: Db, bookingId: string): Promise<BookingEventRow[]> {
  return db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
}

/** An account's bookings that are not cancelled (or all, with `withCancelled`), in time order. */
export function listBookingsOf(db: Db, patientIds: string | readonly string[], withCancelled: boolean): Promise<BookingRow[]> {
  const whose = typeof patientIds === 'string' ? eq(bookings.patientId, patientIds) : inArray(bookings.patientId, [...patientIds]);
  return db
    .select()
    .from(bookings)
    .where(and(whose, withCancelled ? undefined : sql`${bookings.status} <> 'cancelled'`))
    .orderBy(asc(bookings.date), asc(bookings.startMin), asc(bookings.createdAt));
}

/** One doctor's bookings on a date, cancelled ones left out, by start time (a doctor's day). */
export function listDoctorDay(db: Db, doctorId: string, date: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.doctorId, doctorId), eq(bookings.date, date), sql`${bookings.status} <> 'cancelled'`))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

/** The account registered under `email` now (an admin looking a patient up), if any. */
export async function findPatientIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

export interface AdminBookingFilter {
  from: string;
  to: string;
  status?: BookingRow['status'];
  /** Whether the patient said they are coming. */
  confirmation?: 'confirmed' | 'unconfirmed';
  doctorId?: string;
  treatmentId?: string;
  q?: string;
  /** Keyset: strictly after this (starts_at, id). */
  after?: { startsAt: Date; id: string };
  limit: number;
}

/** The front desk's list: bookings in a date range, filtered, in (starts_at, id) order, one page. */
export function listBookingsForAdmin(db: Db, f: AdminBookingFilter): Promise<BookingRow[]> {
  const like = f.q ? containing(f.q) : undefined;
  return db
    .select()
    .from(bookings)
    .where(
      and(
        gte(bookings.date, f.from),
        sql`${bookings.date} <= ${f.to}`,
        f.status ? eq(bookings.status, f.status) : undefined,
        f.confirmation === 'confirmed' ? isNotNull(bookings.patientConfirmedAt) : undefined,
        f.confirmation === 'unconfirmed' ? isNull(bookings.patientConfirmedAt) : undefined,
        f.doctorId ? eq(bookings.doctorId, f.doctorId) : undefined,
        f.treatmentId ? eq(bookings.treatmentId, f.treatmentId) : undefined,
        like
          ? or(
            sql`${bookings.patientName} ILIKE ${like}`,
            sql`${bookings.patientEmail} ILIKE ${like}`,
            sql`${bookings.phone} ILIKE ${like}`,
            sql`${bookings.treatmentName} ILIKE ${like}`,
          )
          : undefined,
        f.after ? sql`(${bookings.startsAt}, ${bookings.id}) > (${f.after.startsAt}, ${f.after.id})` : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(f.limit);
}
