/** The recall module's table (design practice-loop.md section 4). */
import { and, asc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, recalls, treatments, users } from '../../db/schema.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';

export type RecallRow = typeof recalls.$inferSelect;

/**
 * Each completed visit makes its patient due for its treatment: a new row, or the patient's row
 * for that treatment replaced (a later visit's date wins; an older visit marked late changes nothing).
 */
export async function upsertDue(tx: Db, rows: { patientId: string; treatmentId: string; dueDate: string; sourceBookingId: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(recalls)
    .values(rows.map((r) => ({ ...r, status: 'due' as const })))
    .onConflictDoUpdate({
      target: [recalls.patientId, recalls.treatmentId],
      set: {
        dueDate: sql`excluded.due_date`,
        status: 'due',
        sourceBookingId: sql`excluded.source_booking_id`,
        bookingId: null,
        attempts: 0,
        lastContactedAt: null,
        snoozedUntil: null,
        note: '',
      },
      setWhere: sql`${recalls.dueDate} <= excluded.due_date`,
    });
}

/** A completion undone (back to confirmed): the recall it made, if nothing happened to it yet, goes. */
export async function deleteUntouchedFrom(tx: Db, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.delete(recalls).where(and(inArray(recalls.sourceBookingId, [...bookingIds]), eq(recalls.status, 'due'), eq(recalls.attempts, 0)));
}

/** A booking of the treatment closes the patient's recall: a write that goes with the booking's own. */
export function markBookedWrites(rows: readonly { id: string; patientId: string | null; treatmentId: string }[]): PendingWrite[] {
  const owned = rows.filter((r): r is { id: string; patientId: string; treatmentId: string } => r.patientId !== null);
  if (owned.length === 0) return [];
  const booked = sql`(VALUES ${sql.join(owned.map((r) => sql`(${r.patientId}::text, ${r.treatmentId}::uuid, ${r.id}::uuid)`), sql`, `)}) AS v(patient_id, treatment_id, booking_id)`;
  return [
    sql`UPDATE recalls r SET status = 'booked', booking_id = v.booking_id FROM ${booked}
        WHERE r.patient_id = v.patient_id AND r.treatment_id = v.treatment_id AND r.status IN ('due', 'lapsed')`,
  ];
}

/** The bookings that closed recalls were cancelled: those recalls are due again. */
export async function reopen(tx: Db, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.update(recalls).set({ status: 'due', bookingId: null }).where(and(inArray(recalls.bookingId, [...bookingIds]), eq(recalls.status, 'booked')));
}

/** Where a recall goes: the patient's address, or a dependent's first guardian's (practice-loop.md section 7). */
const recallAddress = sql<string>`CASE WHEN ${users.kind} = 'dependent' THEN coalesce((SELECT gu.email FROM guardianships g JOIN users gu ON gu.id = g.guardian_id WHERE g.dependent_id = ${users.id} ORDER BY g.created_at, g.guardian_id LIMIT 1), '') ELSE ${users.email} END`;

const recallPhone = sql<string>`CASE WHEN ${users.kind} = 'dependent' THEN coalesce((SELECT gu.phone FROM guardianships g JOIN users gu ON gu.id = g.guardian_id WHERE g.dependent_id = ${users.id} ORDER BY g.created_at, g.guardian_id LIMIT 1), '') ELSE ${users.phone} END`;

/** Due recalls whose first message's day has come (`leadUntil` = today + lead days), of patients who did not opt out. */
export function listMessageable(db: Db, leadUntil: string, maxAttempts: number, limit = 200) {
  return db
    .select({ recall: recalls, email: recallAddress, name: users.name, treatment: treatments.name })
    .from(recalls)
    .innerJoin(users, eq(users.id, recalls.patientId))
    .innerJoin(treatments, eq(treatments.id, recalls.treatmentId))
    .where(and(eq(recalls.status, 'due'), lte(recalls.dueDate, leadUntil), sql`${recalls.attempts} < ${maxAttempts}`, eq(users.recallOptOut, false)))
    .orderBy(asc(recalls.dueDate))
    .limit(limit);
}

/** Counts message `stage` as sent, once: true for the one caller whose update found the row as it read it. */
export async function claimStage(tx: Db, id: string, fromAttempts: number, stage: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(recalls)
    .set({ attempts: stage + 1, lastContactedAt: at })
    .where(and(eq(recalls.id, id), eq(recalls.attempts, fromAttempts), eq(recalls.status, 'due')))
    .returning({ id: recalls.id });
  return rows.length === 1;
}

/** Every message sent and a month gone by without a booking: the recall lapses. */
export async function lapseSilent(db: Db, maxAttempts: number, contactedBefore: Date): Promise<number> {
  const rows = await db
    .update(recalls)
    .set({ status: 'lapsed' })
    .where(and(eq(recalls.status, 'due'), gte(recalls.attempts, maxAttempts), sql`${recalls.lastContactedAt} < ${contactedBefore}`))
    .returning({ id: recalls.id });
  return rows.length;
}

export async function findRecall(db: Db, id: string) {
  const [row] = await db
    .select({ recall: recalls, treatment: treatments.name })
    .from(recalls)
    .innerJoin(treatments, eq(treatments.id, recalls.treatmentId))
    .where(eq(recalls.id, id));
  return row;
}

export async function updateRecall(db: Db, id: string, set: Partial<Pick<RecallRow, 'status' | 'note' | 'lastContactedAt' | 'snoozedUntil'>>) {
  const [row] = await db.update(recalls).set(set).where(eq(recalls.id, id)).returning();
  return row;
}

export interface RecallFilter {
  /** One recall only (the item an action answers). */
  id?: string;
  status?: RecallRow['status'];
  from?: string;
  to?: string;
  treatmentId?: string;
  after?: { dueDate: string; id: string };
  limit: number;
}

/** The front desk's worklist: recalls by due date, with the patient to call and the visit that made them due. */
export function listForAdmin(db: Db, f: RecallFilter) {
  return db
    .select({
      recall: recalls,
      treatment: treatments.name,
      // A dependent's recall: the guardian to call (practice-loop.md section 7).
      patient: { name: users.name, email: recallAddress, phone: recallPhone },
      lastVisit: { date: bookings.date, slot: bookings.slot, treatment: bookings.treatmentName },
    })
    .from(recalls)
    .innerJoin(users, eq(users.id, recalls.patientId))
    .innerJoin(treatments, eq(treatments.id, recalls.treatmentId))
    .leftJoin(bookings, eq(bookings.id, recalls.sourceBookingId))
    .where(
      and(
        f.id ? eq(recalls.id, f.id) : undefined,
        f.status ? eq(recalls.status, f.status) : undefined,
        f.from ? gte(recalls.dueDate, f.from) : undefined,
        f.to ? lte(recalls.dueDate, f.to) : undefined,
        f.treatmentId ? eq(recalls.treatmentId, f.treatmentId) : undefined,
        f.after ? or(gt(recalls.dueDate, f.after.dueDate), and(eq(recalls.dueDate, f.after.dueDate), gt(recalls.id, f.after.id))) : undefined,
      ),
    )
    .orderBy(asc(recalls.dueDate), asc(recalls.id))
    .limit(f.limit);
}

/** A patient's recalls, as their export lists them. */
export function recallsOf(db: Db, patientId: string) {
  return db
    .select({ recall: recalls, treatment: treatments.name })
    .from(recalls)
    .innerJoin(treatments, eq(treatments.id, recalls.treatmentId))
    .where(eq(recalls.patientId, patientId))
    .orderBy(asc(recalls.dueDate));
}

/** The treatments' recall months, read in the caller's transaction (null: no recall). */
export async function recallMonthsOf(tx: Db, treatmentIds: readonly string[]): Promise<Map<string, number | null>> {
  if (treatmentIds.length === 0) return new Map();
  const rows = await tx.select({ id: treatments.id, months: treatments.recallMonths }).from(treatments).where(inArray(treatments.id, [...treatmentIds]));
  return new Map(rows.map((r) => [r.id, r.months]));
}
