import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, retainedIdentities, sessions, users, verifications } from '../../db/schema.ts';
import { containing } from '../../lib/like-pattern.ts';
import type { Locale } from '@clinic/shared';

export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      phone: users.phone,
      kind: users.kind,
      remindersOptOut: users.remindersOptOut,
      recallOptOut: users.recallOptOut,
      smsPhone: users.smsPhone,
      locale: users.locale,
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
  fields: { name?: string; phone?: string; remindersOptOut?: boolean; recallOptOut?: boolean; smsPhone?: string | null; locale?: Locale | null },
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

/** Admins left, for the rule that the clinic keeps at least one. */
export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** Whether the session was created at most `seconds` ago, by the database's clock (Better Auth's). */
export async function isSessionFresh(db: Db, sessionId: string, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`${sessions.createdAt} > now() - make_interval(secs => ${seconds})`,
      ),
    );
  return row !== undefined;
}

/** The identifiers an erased account's kept bookings carried, stored apart (design section 5.7). */
export async function insertRetainedIdentities(
  tx: Db,
  rows: {
    subjectRef: string;
    userId: string;
    name: string;
    email: string;
    phone: string;
    legalBasis: string;
    retainUntil: Date;
  }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(retainedIdentities).values(rows);
}

/** Deletes the retained identities whose time is up; returns how many. */
export async function deleteRetainedIdentitiesBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(retainedIdentities)
    .where(lt(retainedIdentities.retainUntil, before))
    .returning({ id: retainedIdentities.id });
  return rows.length;
}

/**
 * The account's own rows, last of an erasure: its pending verifications (reset links and
 * second-step challenges name the user id; anything naming its addresses too), its sessions and
 * sign-in methods (hashes, OAuth tokens), then the user, whose removal detaches what bookings
 * are left and cascades to its second factor. Returns how many users went (0: already gone).
 */
export async function deleteAccountRows(tx: Db, userId: string, emails: string[]): Promise<number> {
  const needles = [userId, ...emails].map(containing);
  const anyOf = sql`ARRAY[${sql.join(
    needles.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  await tx
    .delete(verifications)
    .where(
      or(
        sql`${verifications.value} LIKE ANY (${anyOf})`,
        sql`${verifications.identifier} LIKE ANY (${anyOf})`,
      ),
    );
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length;
}
