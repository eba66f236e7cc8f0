/**
 * Dependents and their guardians (practice-loop.md section 7, decision 037). A dependent is a
 * `users` row of kind `dependent`: no credential and an address under `.invalid`, so everything
 * that is per patient (the one-booking-per-treatment-per-day index, MAX_ACTIVE_BOOKINGS, recall,
 * forms, export, erasure) is theirs without a second model of a patient.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, bookings, guardianships, users } from '../../db/schema.ts';

/** The address a dependent's row holds: unique, and no mail can reach it (RFC 2606 `.invalid`). */
export const dependentAddress = (id: string) => `dependent-${id}@dependents.invalid`;

export interface DependentRow {
  id: string;
  name: string;
  dateOfBirth: string;
  relationship: string;
}

export async function insertDependent(tx: Db, guardianId: string, input: { name: string; dateOfBirth: string; relationship: string }): Promise<DependentRow> {
  const id = randomUUID();
  await tx.insert(users).values({ id, name: input.name, email: dependentAddress(id), kind: 'dependent', dateOfBirth: input.dateOfBirth });
  await tx.insert(guardianships).values({ dependentId: id, guardianId, relationship: input.relationship });
  return { id, name: input.name, dateOfBirth: input.dateOfBirth, relationship: input.relationship };
}

/** The dependents `guardianId` manages (one of them, with `id`), by name, with the guardian's word for the relationship. */
async function dependentsOf(db: Db, guardianId: string, id?: string): Promise<DependentRow[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, dateOfBirth: users.dateOfBirth, relationship: guardianships.relationship })
    .from(guardianships)
    .innerJoin(users, and(eq(users.id, guardianships.dependentId), eq(users.kind, 'dependent')))
    .where(and(eq(guardianships.guardianId, guardianId), id === undefined ? undefined : eq(guardianships.dependentId, id)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ ...r, dateOfBirth: r.dateOfBirth ?? '' }));
}

/** The caller's dependent by id, with the caller's word for the relationship; null when not theirs. */
export async function findDependentOf(db: Db, guardianId: string, dependentId: string): Promise<DependentRow | null> {
  return (await dependentsOf(db, guardianId, dependentId))[0] ?? null;
}

/** The dependents `guardianId` manages, as their export lists them. */
export function dependentRowsOf(db: Db, guardianId: string): Promise<DependentRow[]> {
  return dependentsOf(db, guardianId);
}

/** The ids of the dependents `guardianId` manages. */
export async function dependentIdsOf(db: Db, guardianId: string): Promise<string[]> {
  const rows = await db.select({ id: guardianships.dependentId }).from(guardianships).where(eq(guardianships.guardianId, guardianId));
  return rows.map((r) => r.id);
}

/** Whether `guardianId` manages `patientId` (a dependent). */
export async function isGuardianOf(db: Db, guardianId: string, patientId: string | null): Promise<boolean> {
  if (!patientId || patientId === guardianId) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(guardianships)
    .where(and(eq(guardianships.guardianId, guardianId), eq(guardianships.dependentId, patientId)))
    .limit(1);
  return row !== undefined;
}

/** The caller's dependents, by name, each with every guardian and their upcoming bookings' count. */
export async function listDependentsOf(db: Db, guardianId: string, today: string) {
  const mine = await dependentsOf(db, guardianId);
  if (mine.length === 0) return [];
  const ids = mine.map((d) => d.id);
  const [guardians, upcoming] = await Promise.all([
    db
      .select({ dependentId: guardianships.dependentId, id: users.id, name: users.name, email: users.email })
      .from(guardianships)
      .innerJoin(users, eq(users.id, guardianships.guardianId))
      .where(inArray(guardianships.dependentId, ids))
      .orderBy(asc(guardianships.createdAt)),
    db
      .select({ patientId: bookings.patientId, count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(inArray(bookings.patientId, ids), eq(bookings.status, 'confirmed'), gte(bookings.date, today)))
      .groupBy(bookings.patientId),
  ]);
  const counts = new Map(upcoming.map((u) => [u.patientId, u.count]));
  return mine.map((d) => ({
    ...d,
    upcoming: counts.get(d.id) ?? 0,
    guardians: guardians.filter((g) => g.dependentId === d.id).map((g) => ({ id: g.id, name: g.name, email: g.email })),
  }));
}

export async function updateDependent(tx: Db, guardianId: string, id: string, patch: { name?: string; dateOfBirth?: string; relationship?: string }) {
  if (patch.name !== undefined || patch.dateOfBirth !== undefined) {
    await tx
      .update(users)
      .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.dateOfBirth !== undefined ? { dateOfBirth: patch.dateOfBirth } : {}), updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.kind, 'dependent')));
  }
  if (patch.relationship !== undefined) {
    await tx.update(guardianships).set({ relationship: patch.relationship }).where(and(eq(guardianships.guardianId, guardianId), eq(guardianships.dependentId, id)));
  }
}

/** Locks the dependent's row: a removal, an invitation's acceptance and a handover do not interleave. */
export async function lockDependent(tx: Db, id: string) {
  const [row] = await tx.select({ id: users.id, kind: users.kind, name: users.name, dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function addGuardian(tx: Db, dependentId: string, guardianId: string): Promise<boolean> {
  const added = await tx.insert(guardianships).values({ dependentId, guardianId }).onConflictDoNothing().returning({ id: guardianships.guardianId });
  return added.length > 0;
}

/** A dependent's first guardian (by when they became one): where the dependent's mail goes. */
export async function firstGuardianOf(db: Db, dependentId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(guardianships)
    .innerJoin(users, eq(users.id, guardianships.guardianId))
    .where(eq(guardianships.dependentId, dependentId))
    .orderBy(asc(guardianships.createdAt), asc(guardianships.guardianId))
    .limit(1);
  return row ?? null;
}

export async function endGuardianships(tx: Db, dependentId: string): Promise<void> {
  await tx.delete(guardianships).where(eq(guardianships.dependentId, dependentId));
}

/**
 * Who to call about each of these patients who are dependents: their first guardian's name, address
 * and phone (staff views, practice-loop.md section 7). Patients who are not dependents are absent.
 */
export async function guardianContactsOf(db: Db, patientIds: readonly string[]): Promise<Map<string, { name: string; email: string; phone: string }>> {
  const ids = [...new Set(patientIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ dependentId: guardianships.dependentId, name: users.name, email: users.email, phone: users.phone })
    .from(guardianships)
    .innerJoin(users, eq(users.id, guardianships.guardianId))
    .where(inArray(guardianships.dependentId, ids))
    .orderBy(asc(guardianships.createdAt), asc(guardianships.guardianId));
  const contacts = new Map<string, { name: string; email: string; phone: string }>();
  for (const row of rows) if (!contacts.has(row.dependentId)) contacts.set(row.dependentId, { name: row.name, email: row.email, phone: row.phone });
  return contacts;
}

/** Dependents whose only guardian is `guardianId`: erased with that guardian's account. */
export async function soleDependentsOf(db: Db, guardianId: string): Promise<{ id: string; email: string }[]> {
  const rows = await db.execute(sql`
    SELECT u.id, u.email FROM guardianships g JOIN users u ON u.id = g.dependent_id AND u.kind = 'dependent'
    WHERE g.guardian_id = ${guardianId}
      AND NOT EXISTS (SELECT 1 FROM guardianships o WHERE o.dependent_id = g.dependent_id AND o.guardian_id <> ${guardianId})
    ORDER BY u.id`);
  return (rows as unknown as { rows: { id: string; email: string }[] }).rows;
}

export async function addressTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * The handover: the dependent's row becomes an account under `email` (proven: the invitation
 * reached it) with a password sign-in, its bookings stop counting in a household and mail its
 * own address, and its guardianships end. Its bookings, forms and recalls are its own already.
 */
export async function makeAccount(tx: Db, id: string, email: string, passwordHash: string, at: Date): Promise<void> {
  await tx.update(users).set({ kind: 'account', email, emailVerified: true, updatedAt: at }).where(eq(users.id, id));
  await tx.insert(accounts).values({ id: randomBytes(16).toString('hex'), accountId: id, providerId: 'credential', userId: id, password: passwordHash, createdAt: at, updatedAt: at });
  await tx.update(bookings).set({ bookedBy: null, patientEmail: email }).where(eq(bookings.patientId, id));
  await endGuardianships(tx, id);
}
