import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(
  db: Db,
  message: { email: string; subject: string; message: string; userId: string | null },
): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

export function listContactMessages(db: Db, limit = 200) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}

/** The messages an account sent signed in, oldest first. */
export function listContactMessagesOf(db: Db, userId: string) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
}

/** Deletes the messages an account sent signed in (an erased account's). */
export async function deleteContactMessagesOf(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .returning({ id: contactMessages.id });
  return rows.length;
}
