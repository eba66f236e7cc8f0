/** Queries on Better Auth's `two_factors` table that its plugin does not make. */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { twoFactors } from '../../db/schema.ts';

/** The account's encrypted TOTP secret, or null when it has none. */
export async function findTotpSecret(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return row?.secret ?? null;
}

/**
 * Records `step` as the account's last accepted authenticator step if it is later than the one
 * recorded; false when it is not (the code's step, or a later one, was used already). One
 * conditional UPDATE: of two simultaneous claims of one step, the second re-reads the row the
 * first wrote and matches nothing.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}
