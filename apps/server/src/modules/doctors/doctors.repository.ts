import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { doctors } from '../../db/schema.ts';

export type DoctorRow = typeof doctors.$inferSelect;

/**
 * Adds a doctor; a removed doctor (kept inactive because bookings name them) with the same email
 * comes back with the new details. Null when an active doctor has the email.
 */
export async function insertDoctor(db: Db, doctor: typeof doctors.$inferInsert): Promise<string | null> {
  const rows = await db.insert(doctors).values(doctor).onConflictDoNothing({ target: doctors.email }).returning({ id: doctors.id });
  if (rows[0]) return rows[0].id;
  const [revived] = await db
    .update(doctors)
    .set({ name: doctor.name, specialty: doctor.specialty, img: doctor.img, active: true })
    .where(and(eq(doctors.email, doctor.email), eq(doctors.active, false)))
    .returning({ id: doctors.id });
  return revived?.id ?? null;
}

/** The clinic's doctors (not those removed but kept for their bookings). */
export function listDoctors(db: Db): Promise<DoctorRow[]> {
  return db.select().from(doctors).where(eq(doctors.active, true)).orderBy(asc(doctors.name), asc(doctors.createdAt));
}

export async function findActiveDoctorByEmail(db: Db, email: string): Promise<DoctorRow | null> {
  const [row] = await db.select().from(doctors).where(and(eq(doctors.email, email), eq(doctors.active, true)));
  return row ?? null;
}

/** Changes a doctor's name, specialty or photo; the row as it is now, or null (no such active doctor). */
export async function updateDoctor(db: Db, id: string, set: { name?: string; specialty?: string; img?: string }): Promise<DoctorRow | null> {
  const [row] = await db.update(doctors).set(set).where(and(eq(doctors.id, id), eq(doctors.active, true))).returning();
  return row ?? null;
}

export async function deleteDoctor(db: Db, id: string): Promise<void> {
  await db.delete(doctors).where(eq(doctors.id, id));
}

/** One doctor by id, active or kept for their bookings. */
export async function findDoctorById(db: Db, id: string): Promise<DoctorRow | null> {
  const [row] = await db.select().from(doctors).where(eq(doctors.id, id));
  return row ?? null;
}
