import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema.ts';

/**
 * The newest live reset link of an account (Better Auth stores it as a verification whose value
 * is the account id) made to last until `until`: a welcome's link, which must outlive the hour a
 * reset link gets, since a patient booked by phone may read the mail days later.
 */
export async function extendNewestResetLink(db: Db, userId: string, now: Date, until: Date): Promise<boolean> {
  const [newest] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.value, userId), gt(verifications.expiresAt, now)))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (!newest) return false;
  await db.update(verifications).set({ expiresAt: until }).where(eq(verifications.id, newest.id));
  return true;
}
