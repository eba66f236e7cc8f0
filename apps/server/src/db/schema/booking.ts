/**
 * Bookings. The database itself guarantees, among active bookings, one per (treatment, date, slot)
 * and one per (treatment, date, patient) (DESIGN.md section 3).
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { treatments } from './clinic.ts';

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    /** The treatment's name when booked, for the record even if it is renamed later. */
    treatmentName: text('treatment_name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    slot: text('slot').notNull(),
    /** Null once the account is removed; past bookings stay for the clinic's records. */
    patientId: text('patient_id').references(() => users.id, { onDelete: 'set null' }),
    patientEmail: text('patient_email').notNull(),
    patientName: text('patient_name').notNull(),
    phone: text('phone').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: ['active', 'cancelled'] }).notNull().default('active'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_one_per_slot')
      .on(t.treatmentId, t.date, t.slot)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('bookings_one_per_patient')
      .on(t.treatmentId, t.date, t.patientEmail)
      .where(sql`${t.status} = 'active'`),
    index('bookings_date_idx').on(t.date),
    index('bookings_patient_email_idx').on(t.patientEmail),
  ],
);
