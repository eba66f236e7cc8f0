import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema.ts';

export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      phone: users.phone,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Writes the profile's fields straight to the row: every request reads the caller's user with
 * its session from the database (nothing caches it, docs/decisions/005), so the next request sees
 * the change.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  fields: { name?: string; phone?: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** How the account signs in: the provider ids only, never a hash or a token. */
export async function listSignInMethods(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt));
  return rows.map((r) => r.providerId);
}

/** The account's sessions without their tokens. */
export function listSessionsOf(db: Db, userId: string) {
  return db
    .select({
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}
