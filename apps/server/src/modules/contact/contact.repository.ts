import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(
  db: Db,
  message: { email: string; subject: string; message: string },
): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

export function listContactMessages(db: Db, limit = 200) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}

/** The messages sent from an address (stored lowercased), oldest first. */
export function listContactMessagesFrom(db: Db, email: string) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.email, email))
    .orderBy(asc(contactMessages.createdAt));
}

/** Deletes the messages sent from any of these addresses (an erased account's). */
export async function deleteContactMessagesFrom(db: Db, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .delete(contactMessages)
    .where(inArray(sql`lower(${contactMessages.email})`, emails.map((e) => e.toLowerCase())))
    .returning({ id: contactMessages.id });
  return rows.length;
}
