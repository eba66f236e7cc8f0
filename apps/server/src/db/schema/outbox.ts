/**
 * Outgoing mail, stored in the same transaction as what caused it with the `mail.send` job that
 * delivers it (DESIGN.md section 5; decision 032): nothing is lost if SMTP is down or the process dies.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `contact` (to the clinic), `booking-confirmation` or `booking-cancelled` (to the patient), and the account mails. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    replyTo: text('reply_to'),
    /** An iCalendar attachment, when there is one. */
    ics: text('ics'),
    /**
     * `cancelled`: a reminder whose booking was cancelled or moved, or whose patient opted out;
     * `expired`: a reminder that could only have gone out too late (design section 5.4).
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'cancelled', 'expired'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may go (next try; for a reminder, its due time: "not before"). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this it is not sent at all (`expired`): a reminder that would arrive too late. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The booking a reminder is about, and the version it was computed for (sent only while both still hold). */
    bookingId: uuid('booking_id'),
    bookingVersion: integer('booking_version'),
    /**
     * The account whose data the mail is (queued to it, or by its own action): what its export
     * lists and its erasure removes. Null: no account's, or not knowable (a mail queued before
     * this column existed that nothing ties to an account); never matched by address. No foreign
     * key: an account's ids are never reused, and its erasure clears or deletes these rows itself.
     */
    userId: text('user_id'),
    /**
     * A mail that must exist at most once (`reminder:<booking>:v<version>:<offset>`); also its
     * Message-ID, so a resend after a crash is recognisable as the same message.
     */
    dedupeKey: text('dedupe_key'),
    /** `mail`, or `sms`: a text message to the phone in `to_address` (practice-loop.md section 5). */
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull().default('mail'),
    /**
     * A reminder's or recall's text-message version: when the mail is taken for sending and its
     * patient takes texts, one `sms` row is made of it, keyed by the mail's dedupe key.
     */
    smsBody: text('sms_body'),
    /** No longer written: the `mail.send` job's lease replaced the row's claim (decision 032). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('outbox_dedupe_key_unique').on(t.dedupeKey),
    index('outbox_booking_idx').on(t.bookingId).where(sql`${t.bookingId} IS NOT NULL`),
    index('outbox_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);
