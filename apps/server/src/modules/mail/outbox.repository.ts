import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import { outbox } from '../../db/schema.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewMail = Pick<
  typeof outbox.$inferInsert,
  'kind' | 'toAddress' | 'subject' | 'textBody' | 'replyTo' | 'ics' | 'nextAttemptAt' | 'expiresAt' | 'bookingId' | 'bookingVersion' | 'dedupeKey' | 'userId'
>;

/** Stores a mail; pass the transaction of whatever caused it. */
export async function enqueueMail(db: Db, mail: NewMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

/**
 * Stores several mails in one statement; answers the ids of those stored. A mail whose
 * `dedupeKey` is already in the outbox is not stored again (a reminder exists once).
 */
export async function enqueueMails(db: Db, mails: NewMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await insertMails(db, mails).returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

/** `enqueueMails` as a pending write (lib/pending-write.ts), for a transaction that sends its writes together. */
export function enqueueMailsWrite(db: Db, mails: NewMail[]): PendingWrite[] {
  return mails.length === 0 ? [] : [insertMails(db, mails).getSQL()];
}

const insertMails = (db: Db, mails: NewMail[]) => db.insert(outbox).values(mails).onConflictDoNothing({ target: outbox.dedupeKey });

/**
 * A booking's reminders not sent yet are withdrawn (it was cancelled or moved); pass the
 * transaction that changed it. The claim checks the booking again, for any path that forgets.
 */
export async function cancelPendingReminders(db: Db, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .update(outbox)
    .set({ status: 'cancelled', lastError: 'the booking changed' })
    .where(and(inArray(outbox.bookingId, [...bookingIds]), eq(outbox.status, 'pending')));
}

/**
 * Claims up to `limit` due mails for this instance. SKIP LOCKED lets several instances claim at
 * once without waiting on, or taking, each other's rows; a claim lapses after `claimSeconds`, so
 * mail held by an instance that died is picked up again.
 *
 * In the same transaction, a reminder is checked against its booking (design section 5.4): one
 * whose booking is no longer confirmed at the version it was computed for, or whose patient
 * opted out, becomes `cancelled`; one past its `expires_at` (the server was down) `expired`.
 * Neither is sent. Times are the app's clock (`now`), which tests pin.
 */
export async function claimDueMails(db: Db, limit: number, claimSeconds: number, now: Date): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string; stale: boolean; late: boolean }>(sql`
      SELECT o.id,
             (o.booking_id IS NOT NULL AND (b.id IS NULL OR b.status <> 'confirmed' OR b.version <> o.booking_version
               OR coalesce(u.reminders_opt_out, false))) AS stale,
             (o.expires_at IS NOT NULL AND o.expires_at <= ${now}) AS late
      FROM outbox o
      LEFT JOIN bookings b ON b.id = o.booking_id
      LEFT JOIN users u ON u.id = b.patient_id
      WHERE (o.status = 'pending' AND o.next_attempt_at <= ${now})
         OR (o.status = 'sending' AND o.claimed_until <= ${now})
      ORDER BY o.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`);
    const rows = Array.isArray(due) ? due : (due as { rows: { id: string; stale: boolean; late: boolean }[] }).rows;
    if (rows.length === 0) return [];
    const stale = rows.filter((r) => r.stale).map((r) => r.id);
    const late = rows.filter((r) => !r.stale && r.late).map((r) => r.id);
    const ready = rows.filter((r) => !r.stale && !r.late).map((r) => r.id);
    if (stale.length > 0) {
      await tx.update(outbox).set({ status: 'cancelled', claimedUntil: null, lastError: 'the booking changed or reminders are off' }).where(inArray(outbox.id, stale));
    }
    if (late.length > 0) {
      await tx.update(outbox).set({ status: 'expired', claimedUntil: null, lastError: 'too late to send' }).where(inArray(outbox.id, late));
    }
    if (ready.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        claimedUntil: new Date(now.getTime() + claimSeconds * 1000),
      })
      .where(inArray(outbox.id, ready))
      .returning();
  });
}

export async function markSent(db: Db, id: string, at: Date): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: at, claimedUntil: null, lastError: null }).where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', claimedUntil: null, lastError: error }).where(eq(outbox.id, id));
}

export async function scheduleRetry(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'pending', claimedUntil: null, lastError: error, nextAttemptAt: retryAt })
    .where(eq(outbox.id, id));
}

export function listOutbox(db: Db, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}

/** The mails that are an account's data (queued to it or by its action): kind, subject, when and how it went; never the bodies. */
export function listMailsOf(db: Db, userId: string) {
  return db
    .select({ kind: outbox.kind, subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.userId, userId))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
}

/**
 * An erased account's mail (design section 5.7), by the account id the rows carry, never by
 * address: what was not sent yet is deleted; sent mail keeps its kind and dates, the subject,
 * body and attachment emptied, the person's address replaced by the pseudonym (a mail the person
 * sent, through the contact form, is to the clinic and names them in `reply_to`, which goes),
 * and no longer names the account. Returns how many sent ones were kept.
 */
export async function eraseMailsOf(tx: Db, userId: string, subjectRef: string): Promise<number> {
  const isTheirs = eq(outbox.userId, userId);
  await tx.delete(outbox).where(and(isTheirs, ne(outbox.status, 'sent')));
  const kept = await tx
    .update(outbox)
    .set({
      toAddress: sql`CASE WHEN ${outbox.replyTo} IS NULL THEN ${subjectRef} ELSE ${outbox.toAddress} END`,
      replyTo: null,
      subject: '',
      textBody: '',
      ics: null,
      lastError: null,
      userId: null,
    })
    .where(and(isTheirs, eq(outbox.status, 'sent')))
    .returning({ id: outbox.id });
  return kept.length;
}

/** Mails per status at `at`, pending ones split into due and scheduled (a reminder not due yet). */
export function countMailsByState(db: Db, at: Date) {
  return db
    .select({
      status: outbox.status,
      scheduled: sql<boolean>`${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} > ${at}`,
      n: sql<number>`count(*)::int`,
    })
    .from(outbox)
    .groupBy(outbox.status, sql`2`);
}

/** The next `limit` mails not due before `at`, soonest first. */
export function listScheduledMails(db: Db, at: Date, limit: number) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), gt(outbox.nextAttemptAt, at)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit);
}
