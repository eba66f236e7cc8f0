import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The accounts that take texts at `phone` (E.164): a household may share one. */
export function findTexters(db: Db, phone: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale })
    .from(users)
    .where(eq(users.smsPhone, phone));
}

/** A STOP from `phone`: no account takes texts there any more. Answers how many did. */
export async function stopTextsTo(db: Db, phone: string, at: Date): Promise<number> {
  const stopped = await db.update(users).set({ smsPhone: null, updatedAt: at }).where(eq(users.smsPhone, phone)).returning({ id: users.id });
  return stopped.length;
}
