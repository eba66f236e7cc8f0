import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { ROLES_LOCK_KEY } from '../../lib/lock-keys.ts';
import { users } from '../../db/schema.ts';
import { containing } from '../../lib/like-pattern.ts';

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user ?? null;
}

/** Sets the role by address (the spec's Make Admin, the operator's bootstrap); only a doctor keeps a doctor. */
export async function setUserRole(db: Db, email: string, role: Exclude<Role, 'doctor'>): Promise<number> {
  const updated = await db
    .update(users)
    .set({ role, doctorId: null, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return updated.length;
}

export async function markEmailVerified(db: Db, email: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.email, email));
}

/** Names or addresses holding `q` (any case; `%`, `_` and `\` are the person's, not patterns). */
function matching(q: string | undefined): SQL | undefined {
  // Dependents (practice-loop.md section 7) are patients without a login: never in a list of accounts.
  const accountsOnly = eq(users.kind, 'account');
  if (!q) return accountsOnly;
  const pattern = containing(q);
  return and(accountsOnly, or(ilike(users.email, pattern), ilike(users.name, pattern)));
}

/** Every account by address, or one page of those matching `q`. */
export function listUsers(db: Db, filter: { q?: string | undefined; limit?: number | undefined; offset?: number | undefined } = {}) {
  const query = db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, doctorId: users.doctorId })
    .from(users)
    .where(matching(filter.q))
    .orderBy(asc(users.email), asc(users.id))
    .$dynamic();
  if (filter.limit !== undefined) query.limit(filter.limit);
  if (filter.offset !== undefined) query.offset(filter.offset);
  return query;
}

export function countUsers(db: Db, q?: string): Promise<number> {
  return db.$count(users, matching(q));
}

export async function countAdmins(db: Db): Promise<number> {
  return db.$count(users, eq(users.role, 'admin'));
}

/** A patient's phone, as the front desk took it down (the profile shows and edits it). */
export async function setUserPhone(db: Db, userId: string, phone: string): Promise<void> {
  await db.update(users).set({ phone }).where(eq(users.id, userId));
}

const staffColumns = { id: users.id, email: users.email, name: users.name, role: users.role, doctorId: users.doctorId };

/** One account with its role, locked for the change about to be made to it. */
export async function lockUserById(db: Db, id: string) {
  const [user] = await db.select(staffColumns).from(users).where(eq(users.id, id)).for('update');
  return user ?? null;
}

/** Queues the transaction behind every other role change or removal (ROLES_LOCK_KEY). */
export async function lockRoleChanges(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ROLES_LOCK_KEY})`);
}

/** Another account than `exceptId` that works as `doctorId`, if any. */
export async function findAccountOfDoctor(db: Db, doctorId: string, exceptId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.doctorId, doctorId), ne(users.id, exceptId))).limit(1);
  return user ?? null;
}

export async function setRoleById(db: Db, id: string, role: Role, doctorId: string | null) {
  const [user] = await db.update(users).set({ role, doctorId, updatedAt: new Date() }).where(eq(users.id, id)).returning(staffColumns);
  return user!;
}
