import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PendingWrite } from '../../lib/pending-write.ts';
import { jsonInsert } from '../../db/json-rows.ts';
import { enqueueJobs, enqueueJobsWrite, newRecordId } from '../../db/job-queue.ts';
import { outbox, users } from '../../db/schema.ts';
import { isLocale, type Locale } from '@clinic/shared';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewMail = Pick<
  typeof outbox.$inferInsert,
  'kind' | 'toAddress' | 'subject' | 'textBody' | 'replyTo' | 'ics' | 'nextAttemptAt' | 'expiresAt' | 'bookingId' | 'bookingVersion' | 'dedupeKey' | 'userId' | 'channel' | 'smsBody'
>;

/** The job kind that hands one outbox row to SMTP (mail-sender.ts). */
export const SEND_MAIL_JOB = 'mail.send';
/** The job kind that hands one `sms` row to the text-message provider (mail/sms-sender.ts). */
export const SEND_SMS_JOB = 'sms.send';

/** Stores a mail and the job that sends it; pass the transaction of whatever caused it. */
export async function enqueueMail(db: Db, mail: NewMail): Promise<string> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

/**
 * Stores several mails, each with the job that will send it when due; answers the ids of those
 * stored. A mail whose `dedupeKey` is already in the outbox is not stored again (a reminder
 * exists once); its job then finds no row and has nothing to do.
 */
export async function enqueueMails(db: Db, mails: NewMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = withIds(mails);
  const stored = await insertMails(db, rows).returning({ id: outbox.id });
  await enqueueJobs(db, sendJobs(rows));
  return stored.map((row) => row.id);
}

/** `enqueueMails` as pending writes (lib/pending-write.ts), for a transaction that sends its writes together. */
export function enqueueMailsWrite(db: Db, mails: NewMail[]): PendingWrite[] {
  if (mails.length === 0) return [];
  const rows = withIds(mails);
  const asJson = jsonInsert(outbox, rows, sql` ON CONFLICT ("dedupe_key") DO NOTHING`);
  return [asJson ?? insertMails(db, rows).getSQL(), ...enqueueJobsWrite(db, sendJobs(rows))];
}

// The ids are made here, not by the database, so that each mail's job can name its row in the
// same round trip (the two inserts may travel as one statement, where neither sees the other).
const withIds = (mails: NewMail[]) => mails.map((mail) => ({ ...mail, id: newRecordId() }));
const sendJobs = (rows: (NewMail & { id: string })[]) =>
  rows.map((row) => ({ kind: row.channel === 'sms' ? SEND_SMS_JOB : SEND_MAIL_JOB, payload: { outboxId: row.id }, runAt: row.nextAttemptAt ?? new Date() }));
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
 * The mail a `mail.send` (or text an `sms.send`) job is about, taken for sending (status
 * `sending`, `attempts` the job's), or null when there is nothing to send: it was sent, failed or
 * withdrawn already, or its dedupe key was taken by an earlier copy. Run by the job that holds the
 * row's only job, so no other instance sends it meanwhile (the job's lease; a holder that died
 * leaves it `sending`, and the job, run again, takes it again).
 *
 * In the same transaction, a reminder is checked against its booking (design section 5.4): one
 * whose booking is no longer confirmed at the version it was computed for, or whose patient
 * opted out, becomes `cancelled`; one past its `expires_at` (the server was down) `expired`.
 * Neither is sent. A text is cancelled too once its patient stopped texts or changed the number.
 * Times are the app's clock (`now`), which tests pin.
 *
 * With `textMessages`, a mail that has a text version (`sms_body`) whose patient takes texts
 * gets its one `sms` row here, keyed by the mail's own dedupe key: made as the mail goes, so it
 * follows the mail's quiet hours and checks, and exists once however often the mail is retried.
 */
export async function takeMail(db: Db, id: string, attempts: number, now: Date, options: { textMessages?: boolean } = {}): Promise<OutboxRow | null> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<TakenRow>(sql`
      SELECT o.id, p.sms_phone,
             (o.booking_id IS NOT NULL AND (b.id IS NULL OR b.status <> 'confirmed' OR b.version <> o.booking_version
               OR coalesce(u.reminders_opt_out, false))) AS stale,
             (o.channel = 'sms' AND p.sms_phone IS DISTINCT FROM o.to_address) AS texts_off,
             (o.expires_at IS NOT NULL AND o.expires_at <= ${now}) AS late
      FROM outbox o
      LEFT JOIN bookings b ON b.id = o.booking_id
      LEFT JOIN users u ON u.id = b.patient_id
      LEFT JOIN users p ON p.id = o.user_id
      WHERE o.id = ${id} AND o.status IN ('pending', 'sending')
      FOR UPDATE OF o`);
    const [row] = Array.isArray(found) ? found : (found as { rows: TakenRow[] }).rows;
    if (!row) return null;
    if (row.stale || row.texts_off) {
      await tx.update(outbox).set({ status: 'cancelled', lastError: row.stale ? 'the booking changed or reminders are off' : 'texts are off' }).where(eq(outbox.id, id));
      return null;
    }
    if (row.late) {
      await tx.update(outbox).set({ status: 'expired', lastError: 'too late to send' }).where(eq(outbox.id, id));
      return null;
    }
    const [taken] = await tx.update(outbox).set({ status: 'sending', attempts }).where(eq(outbox.id, id)).returning();
    if (taken && options.textMessages && row.sms_phone) await enqueueTextOf(tx, taken, row.sms_phone, now);
    return taken ?? null;
  });
}

type TakenRow = {
  id: string;
  sms_phone: string | null;
  stale: boolean;
  texts_off: boolean;
  late: boolean;
};

/** A mail's text version as its own `sms` row and job (takeMail), once per mail. */
async function enqueueTextOf(tx: Db, mail: OutboxRow, phone: string, now: Date): Promise<void> {
  if (mail.channel !== 'mail' || !mail.smsBody || !mail.dedupeKey) return;
  await enqueueMails(tx, [
    {
      channel: 'sms',
      kind: mail.kind,
      toAddress: phone,
      // What the screens and the export list it by: the mail's subject, marked as its text.
      subject: `[Text] ${mail.subject}`,
      textBody: mail.smsBody,
      userId: mail.userId,
      bookingId: mail.bookingId,
      bookingVersion: mail.bookingVersion,
      expiresAt: mail.expiresAt,
      nextAttemptAt: now,
      dedupeKey: `sms:${mail.dedupeKey}`,
    },
  ]);
}

/** A mail whose outcome is still open: only such a row's state follows its job's retries and failure. */
const inFlight = inArray(outbox.status, ['pending', 'sending']);

export async function markSent(db: Db, id: string, at: Date): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt: at, lastError: null }).where(eq(outbox.id, id));
}

/** The one writer of a mail's failed state: called as its job gives up (mail-sender.ts). */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', lastError: error }).where(and(eq(outbox.id, id), inFlight));
}

export async function scheduleRetry(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'pending', lastError: error, nextAttemptAt: retryAt })
    .where(and(eq(outbox.id, id), inFlight));
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

/**
 * The languages these accounts' mails go in (null: none chosen, the clinic's DEFAULT_LOCALE). A
 * dependent's mail goes to their first guardian (practice-loop.md section 7), in their language.
 */
export async function localesOf(db: Db, userIds: readonly string[]): Promise<Map<string, Locale | null>> {
  if (userIds.length === 0) return new Map();
  const locale = sql<string | null>`CASE WHEN ${users.kind} = 'dependent' THEN (SELECT gu.locale FROM guardianships g JOIN users gu ON gu.id = g.guardian_id WHERE g.dependent_id = ${users.id} ORDER BY g.created_at, g.guardian_id LIMIT 1) ELSE ${users.locale} END`;
  const rows = await db.select({ id: users.id, locale }).from(users).where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, isLocale(r.locale) ? r.locale : null]));
}
