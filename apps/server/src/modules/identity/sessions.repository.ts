import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export type SessionWithUser = typeof sessions.$inferSelect & { user: typeof users.$inferSelect };

/**
 * Sessions by token, each with its user, in Better Auth's adapter's shape (the session's fields
 * and a `user` object; our column keys are Better Auth's field names). Every signed-in request
 * makes this read: built and prepared once, where the adapter's relational query was rebuilt
 * for each, CPU spent on every request before the database saw it (figures: docs/benchmarks.md,
 * "The session read, prepared once"), and planned as a lateral JSON subquery.
 */
export function createSessionReader(db: Db) {
  const query = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.token} = any(${sql.placeholder('tokens')}::text[])`)
    .prepare('clinic_sessions_by_token');
  return async (tokens: string[]): Promise<SessionWithUser[]> => {
    const rows = await query.execute({ tokens });
    return rows.map(({ session, user }) => ({ ...session, user }));
  };
}

/** Ends one session (its token is the session's credential). */
export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}
