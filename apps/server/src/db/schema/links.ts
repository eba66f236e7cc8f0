/**
 * Signed links and the callbacks they raise (design practice-loop.md sections 3 and 5). A link's
 * token is never stored: only its SHA-256, so a copy of the database cannot act as a patient.
 * A link is for one purpose and one booking (or recall), at the booking's version when it was
 * made; `used_at` is set once, by the conditional update that uses it. An invitation about a
 * dependent (`guardian`, `handover`) names the dependent as its patient.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bookings } from './booking.ts';
import { recalls } from './recall.ts';

export const actionLinks = pgTable(
  'action_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['confirm', 'reschedule', 'cancel', 'check-in', 'recall', 'guardian', 'handover'] }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    recallId: uuid('recall_id').references((): AnyPgColumn => recalls.id, { onDelete: 'cascade' }),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An invitation (`guardian`, `handover`): the address it was sent to, and who sent it. */
    email: text('email'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'cascade' }),
    /** The booking's version the link was made for: a move or a change makes it stale. */
    bookingVersion: integer('booking_version'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('action_links_token_hash').on(t.tokenHash),
    index('action_links_booking_idx').on(t.bookingId),
    index('action_links_expires_idx').on(t.expiresAt),
  ],
);

export const callbacks = pgTable(
  'callbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    patientId: text('patient_id').references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The staff account that resolved it (its email, kept if the account goes). */
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    // One open callback per booking: a second "Please call me" is the same request.
    uniqueIndex('callbacks_one_open').on(t.bookingId).where(sql`${t.resolvedAt} IS NULL`),
    index('callbacks_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
  ],
);
