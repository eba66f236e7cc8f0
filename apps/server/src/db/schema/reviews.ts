/**
 * Reviews of completed visits (issue 18; design section 3.6): one per booking, ever (a withdrawn
 * review keeps the visit reviewed), written by the booking's patient, public only once an admin
 * published it. Removed with the patient's account (a review is the person's words).
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bookings } from './booking.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The visit's doctor when reviewed (a doctor's average rating); null for a treatment without one. */
    doctorId: uuid('doctor_id'),
    rating: smallint('rating').notNull(),
    /** Plain text, never rendered as HTML. */
    text: text('text').notNull(),
    location: text('location'),
    status: text('status', { enum: ['pending', 'published', 'hidden', 'withdrawn'] }).notNull().default('pending'),
    moderationNote: text('moderation_note'),
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_booking').on(t.bookingId),
    index('reviews_patient_idx').on(t.patientId),
    index('reviews_published_idx').on(t.publishedAt, t.id).where(sql`${t.status} = 'published'`),
    index('reviews_status_idx').on(t.status, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
