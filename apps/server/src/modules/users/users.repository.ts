import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user ?? null;
}

export async function setUserRole(db: Db, email: string, role: 'user' | 'admin'): Promise<number> {
  const updated = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return updated.length;
}

export async function markEmailVerified(db: Db, email: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.email, email));
}

export function listUsers(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .orderBy(asc(users.email));
}

export async function countAdmins(db: Db): Promise<number> {
  return db.$count(users, eq(users.role, 'admin'));
}

/** A patient's phone, as the front desk took it down (the profile shows and edits it). */
export async function setUserPhone(db: Db, userId: string, phone: string): Promise<void> {
  await db.update(users).set({ phone }).where(eq(users.id, userId));
}
