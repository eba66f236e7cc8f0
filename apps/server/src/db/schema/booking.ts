/**
 * Bookings. The database itself guarantees, among active bookings, one per (treatment, date, slot)
 * and one per (treatment, date, patient account) (DESIGN.md section 3).
 *
 * A booking belongs to an account by its id; the email, name and phone are what the patient
 * gave when booking, kept for display and mail. When the account is removed, the booking is
 * detached (`patient_id` set to null) and a trigger clears those personal fields in the same
 * statement (migration 0007), so a later account with the same address can never see it.
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
    /** The owner. Null once the account is removed; past bookings stay for the clinic's records. */
    patientId: text('patient_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshots for display and mail, never for ownership; emptied when the owner is removed. */
    patientEmail: text('patient_email').notNull(),
    patientName: text('patient_name').notNull(),
    phone: text('phone').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: ['active', 'cancelled'] }).notNull().default('active'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    /**
     * Set when the owner erased their account and the clinic keeps this booking (paid or
     * attended): the pseudonym under which `retained_identities` holds who it was.
     */
    subjectRef: uuid('subject_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_one_per_slot')
      .on(t.treatmentId, t.date, t.slot)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('bookings_one_per_patient')
      .on(t.treatmentId, t.date, t.patientId)
      .where(sql`${t.status} = 'active'`),
    index('bookings_date_idx').on(t.date),
    index('bookings_patient_id_idx').on(t.patientId, t.date),
  ],
);
