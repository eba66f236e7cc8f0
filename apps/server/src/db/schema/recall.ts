/**
 * Recall (design practice-loop.md section 4): one row per patient and treatment, replaced by each
 * later completed visit. `due` until a booking of the treatment (by any path) makes it `booked`
 * (and its cancellation `due` again), the front desk dismisses it, or the last follow-up passes
 * (`lapsed`). `attempts` counts the messages sent: the conditional update that raises it is what
 * makes each message go once across instances.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bookings } from './booking.ts';
import { treatments } from './clinic.ts';

export const recalls = pgTable(
  'recalls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['due', 'booked', 'dismissed', 'lapsed'] }).notNull().default('due'),
    /** The completed visit that made the patient due. */
    sourceBookingId: uuid('source_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The booking that closed it (its cancellation reopens it). */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    lastContactedAt: timestamp('last_contacted_at', { withTimezone: true }),
    snoozedUntil: date('snoozed_until', { mode: 'string' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recalls_one_per_patient_treatment').on(t.patientId, t.treatmentId),
    index('recalls_due_idx').on(t.dueDate).where(sql`${t.status} = 'due'`),
    index('recalls_booking_idx').on(t.bookingId),
  ],
);
