import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { doctors } from '../../db/schema.ts';

export type DoctorRow = typeof doctors.$inferSelect;

export async function insertDoctor(db: Db, doctor: typeof doctors.$inferInsert): Promise<string | null> {
  const rows = await db.insert(doctors).values(doctor).onConflictDoNothing({ target: doctors.email }).returning({ id: doctors.id });
  return rows[0]?.id ?? null;
}

export function listDoctors(db: Db): Promise<DoctorRow[]> {
  return db.select().from(doctors).orderBy(asc(doctors.name), asc(doctors.createdAt));
}

export async function deleteDoctorByEmail(db: Db, email: string): Promise<DoctorRow | null> {
  const [row] = await db.delete(doctors).where(eq(doctors.email, email)).returning();
  return row ?? null;
}
