import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { SCHEDULE_LOCK_KEY } from '../../lib/lock-keys.ts';
import type { Db } from '../../db/client.ts';
import { clinicState, doctorTreatments, doctors, scheduleExceptions, treatments, workingHours } from '../../db/schema.ts';

/**
 * Everything the schedule snapshot is made of; pass a transaction so the parts agree (and a
 * schedule change reads the schedule it is making).
 */
export async function readScheduleRows(tx: Db, fromDate: string) {
  {
    const [state] = await tx.select({ version: clinicState.scheduleVersion }).from(clinicState).where(eq(clinicState.id, 1));
    return {
      version: state?.version ?? 0,
      treatments: await tx.select().from(treatments).orderBy(asc(treatments.position), asc(treatments.name)),
      doctors: await tx.select().from(doctors).orderBy(asc(doctors.name), asc(doctors.id)),
      links: await tx.select().from(doctorTreatments).orderBy(asc(doctorTreatments.doctorId)),
      hours: await tx.select().from(workingHours).orderBy(asc(workingHours.weekday), asc(workingHours.startMin)),
      exceptions: await tx.select().from(scheduleExceptions).where(gte(scheduleExceptions.dateTo, fromDate)),
    };
  }
}

/** Marks the schedule changed (in the changing transaction): booking transactions see the new number. */
export async function bumpScheduleVersion(tx: Db): Promise<void> {
  await tx.update(clinicState).set({ scheduleVersion: sql`${clinicState.scheduleVersion} + 1`, updatedAt: new Date() }).where(eq(clinicState.id, 1));
}

/** Takes the schedule lock exclusively (lib/lock-keys.ts): no booking is decided while the schedule changes. */
export async function lockSchedule(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SCHEDULE_LOCK_KEY})`);
}

// --- Treatments

export type TreatmentRow = typeof treatments.$inferSelect;

export async function insertTreatment(tx: Db, row: typeof treatments.$inferInsert): Promise<string | null> {
  const [created] = await tx
    .insert(treatments)
    .values({ ...row, position: sql`(SELECT coalesce(max(position), 0) + 1 FROM treatments)` })
    .onConflictDoNothing({ target: treatments.name })
    .returning({ id: treatments.id });
  return created?.id ?? null;
}

export async function findTreatment(tx: Db, id: string): Promise<TreatmentRow | null> {
  const [row] = await tx.select().from(treatments).where(eq(treatments.id, id));
  return row ?? null;
}

export async function findTreatmentByName(tx: Db, name: string): Promise<TreatmentRow | null> {
  const [row] = await tx.select().from(treatments).where(sql`lower(${treatments.name}) = lower(${name})`);
  return row ?? null;
}

export async function updateTreatment(tx: Db, id: string, set: Partial<typeof treatments.$inferInsert>): Promise<void> {
  await tx.update(treatments).set({ ...set, updatedAt: new Date() }).where(eq(treatments.id, id));
}

export async function deleteTreatment(tx: Db, id: string): Promise<void> {
  await tx.delete(treatments).where(eq(treatments.id, id));
}

/** Replaces who performs a treatment. */
export async function setTreatmentDoctors(tx: Db, treatmentId: string, doctorIds: readonly string[]): Promise<void> {
  await tx.delete(doctorTreatments).where(eq(doctorTreatments.treatmentId, treatmentId));
  if (doctorIds.length > 0) {
    await tx.insert(doctorTreatments).values(doctorIds.map((doctorId) => ({ doctorId, treatmentId })));
  }
}

/** Replaces what a doctor performs. */
export async function setDoctorTreatments(tx: Db, doctorId: string, treatmentIds: readonly string[]): Promise<void> {
  await tx.delete(doctorTreatments).where(eq(doctorTreatments.doctorId, doctorId));
  if (treatmentIds.length > 0) {
    await tx.insert(doctorTreatments).values(treatmentIds.map((treatmentId) => ({ doctorId, treatmentId })));
  }
}

export async function linkDoctorToTreatmentNamed(tx: Db, doctorId: string, treatmentName: string): Promise<void> {
  await tx.execute(sql`INSERT INTO doctor_treatments (doctor_id, treatment_id)
    SELECT ${doctorId}, id FROM treatments WHERE name = ${treatmentName} ON CONFLICT DO NOTHING`);
}

/** A doctor named by bookings leaves the clinic: kept, inactive, out of every list and lane. */
export async function deactivateDoctor(tx: Db, doctorId: string): Promise<void> {
  await tx.update(doctors).set({ active: false }).where(eq(doctors.id, doctorId));
  await tx.delete(doctorTreatments).where(eq(doctorTreatments.doctorId, doctorId));
}

// --- Hours and exceptions

export async function replaceWorkingHours(
  tx: Db,
  doctorId: string | null,
  rows: readonly { weekday: number; startMin: number; endMin: number }[],
): Promise<void> {
  await tx.delete(workingHours).where(doctorId === null ? isNull(workingHours.doctorId) : eq(workingHours.doctorId, doctorId));
  if (rows.length > 0) await tx.insert(workingHours).values(rows.map((r) => ({ ...r, doctorId })));
}

export type ScheduleExceptionRow = typeof scheduleExceptions.$inferSelect;

export async function insertException(tx: Db, row: typeof scheduleExceptions.$inferInsert): Promise<ScheduleExceptionRow> {
  const [created] = await tx.insert(scheduleExceptions).values(row).returning();
  return created!;
}

export function listExceptions(db: Db, f: { from?: string; to?: string; doctorId?: string }): Promise<ScheduleExceptionRow[]> {
  return db
    .select()
    .from(scheduleExceptions)
    .where(
      and(
        f.from === undefined ? undefined : gte(scheduleExceptions.dateTo, f.from),
        f.to === undefined ? undefined : lte(scheduleExceptions.dateFrom, f.to),
        f.doctorId === undefined ? undefined : eq(scheduleExceptions.doctorId, f.doctorId),
      ),
    )
    .orderBy(asc(scheduleExceptions.dateFrom), asc(scheduleExceptions.createdAt));
}

export async function deleteException(tx: Db, id: string): Promise<ScheduleExceptionRow | null> {
  const [row] = await tx.delete(scheduleExceptions).where(eq(scheduleExceptions.id, id)).returning();
  return row ?? null;
}
