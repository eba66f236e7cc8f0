/** The links module's tables: signed links (stored by their token's hash) and callbacks. */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actionLinks, callbacks } from '../../db/schema.ts';

export type LinkRow = typeof actionLinks.$inferSelect;
export type NewLink = Pick<typeof actionLinks.$inferInsert, 'tokenHash' | 'purpose' | 'bookingId' | 'recallId' | 'patientId' | 'bookingVersion' | 'expiresAt' | 'email' | 'invitedBy'>;
export type CallbackRow = typeof callbacks.$inferSelect;

export async function insertLinks(db: Db, links: NewLink[]): Promise<void> {
  if (links.length > 0) await db.insert(actionLinks).values(links);
}

export async function findLinkByHash(db: Db, tokenHash: string): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(actionLinks).where(eq(actionLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Stores a link and answers its id (an invitation, whose token is made when its mail goes). */
export async function insertLinkReturningId(db: Db, link: NewLink): Promise<string> {
  const [row] = await db.insert(actionLinks).values(link).returning({ id: actionLinks.id });
  return row!.id;
}

/** Gives an unused, unexpired link a new token hash; false when it is used or past its time. */
export async function rotateLinkToken(db: Db, id: string, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(actionLinks)
    .set({ tokenHash })
    .where(and(eq(actionLinks.id, id), isNull(actionLinks.usedAt), gt(actionLinks.expiresAt, now)))
    .returning({ id: actionLinks.id });
  return rows.length === 1;
}

/** Marks the link used unless it already was: true for the one caller that used it. */
export async function markLinkUsed(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(actionLinks)
    .set({ usedAt: at })
    .where(and(eq(actionLinks.id, id), isNull(actionLinks.usedAt)))
    .returning({ id: actionLinks.id });
  return rows.length === 1;
}

/** Links past their time by a week: nothing can use them, and a hash is still a trace. */
export async function deleteExpiredLinks(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(actionLinks).where(lt(actionLinks.expiresAt, before)).returning({ id: actionLinks.id });
  return rows.length;
}

/** Raises a callback, or finds the one already open for the booking (a second ask is the same ask). */
export async function raiseCallback(db: Db, callback: { bookingId: string; patientId: string; note: string }): Promise<CallbackRow> {
  const [inserted] = await db
    .insert(callbacks)
    .values(callback)
    .onConflictDoNothing({ target: callbacks.bookingId, where: sql`${callbacks.resolvedAt} IS NULL` })
    .returning();
  if (inserted) return inserted;
  const [open] = await db
    .select()
    .from(callbacks)
    .where(and(eq(callbacks.bookingId, callback.bookingId), isNull(callbacks.resolvedAt)));
  return open!;
}

export async function openCallbackBookings(db: Db, bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ bookingId: callbacks.bookingId })
    .from(callbacks)
    .where(and(inArray(callbacks.bookingId, [...bookingIds]), isNull(callbacks.resolvedAt)));
  return new Set(rows.map((r) => r.bookingId));
}

/** Open callbacks oldest first (who has waited longest), or the 100 latest resolved. */
export function listCallbacks(db: Db, open: boolean): Promise<CallbackRow[]> {
  return open
    ? db.select().from(callbacks).where(isNull(callbacks.resolvedAt)).orderBy(asc(callbacks.createdAt)).limit(200)
    : db.select().from(callbacks).where(isNotNull(callbacks.resolvedAt)).orderBy(desc(callbacks.resolvedAt)).limit(100);
}

export async function findCallback(db: Db, id: string): Promise<CallbackRow | undefined> {
  const [row] = await db.select().from(callbacks).where(eq(callbacks.id, id));
  return row;
}

/** Resolves an open callback; a resolved one stays as it was (who resolved it first). */
export async function resolveCallback(db: Db, id: string, by: string, at: Date): Promise<CallbackRow | undefined> {
  const [row] = await db
    .update(callbacks)
    .set({ resolvedAt: at, resolvedBy: by })
    .where(and(eq(callbacks.id, id), isNull(callbacks.resolvedAt)))
    .returning();
  return row ?? findCallback(db, id);
}

/** A patient's callbacks, as their export lists them. */
export function callbacksOf(db: Db, patientId: string): Promise<CallbackRow[]> {
  return db.select().from(callbacks).where(eq(callbacks.patientId, patientId)).orderBy(asc(callbacks.createdAt));
}
