import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewMail = Pick<typeof outbox.$inferInsert, 'kind' | 'toAddress' | 'subject' | 'textBody' | 'replyTo' | 'ics'>;

/** Stores a mail; pass the transaction of whatever caused it. */
export async function enqueueMail(db: Db, mail: NewMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

/** Stores several mails in one statement; answers their ids in order. */
export async function enqueueMails(db: Db, mails: NewMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db.insert(outbox).values(mails).returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

/**
 * Claims up to `limit` due mails for this instance. SKIP LOCKED lets several instances claim at
 * once without waiting on, or taking, each other's rows; a claim lapses after `claimSeconds`, so
 * mail held by an instance that died is picked up again.
 */
export async function claimDueMails(db: Db, limit: number, claimSeconds: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)),
          and(eq(outbox.status, 'sending'), lte(outbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(outbox.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
      })
      .where(inArray(outbox.id, due.map((d) => d.id)))
      .returning();
  });
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null }).where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', claimedUntil: null, lastError: error }).where(eq(outbox.id, id));
}

export async function scheduleRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'pending',
      claimedUntil: null,
      lastError: error,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(eq(outbox.id, id));
}

export function listOutbox(db: Db, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

/** What was queued to an address: kind, subject, when and how it went; never the bodies. */
export function listMailsTo(db: Db, address: string) {
  return db
    .select({ kind: outbox.kind, subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt })
    .from(outbox)
    .where(sql`lower(${outbox.toAddress}) = ${address.toLowerCase()}`)
    .orderBy(asc(outbox.createdAt));
}

/**
 * An erased account's mail (design section 5.7): what was not sent yet to or from its addresses
 * is deleted; sent mail keeps its kind and dates, the address replaced by the account's
 * pseudonym, the subject, body and attachment emptied. Returns how many sent ones were kept.
 */
export async function eraseMailsOf(tx: Db, emails: string[], subjectRef: string): Promise<number> {
  if (emails.length === 0) return 0;
  const lowered = emails.map((e) => e.toLowerCase());
  const isTo = inArray(sql`lower(${outbox.toAddress})`, lowered);
  const isFrom = inArray(sql`lower(coalesce(${outbox.replyTo}, ''))`, lowered);
  await tx.delete(outbox).where(and(or(isTo, isFrom), ne(outbox.status, 'sent')));
  const kept = await tx
    .update(outbox)
    .set({
      toAddress: sql`CASE WHEN ${isTo} THEN ${subjectRef} ELSE ${outbox.toAddress} END`,
      replyTo: sql`CASE WHEN ${isFrom} THEN NULL ELSE ${outbox.replyTo} END`,
      subject: '',
      textBody: '',
      ics: null,
      lastError: null,
    })
    .where(and(or(isTo, isFrom), eq(outbox.status, 'sent')))
    .returning({ id: outbox.id });
  return kept.length;
}
