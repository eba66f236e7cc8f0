/**
 * Bookings. The database itself guarantees, among confirmed bookings, no two on one lane whose
 * times overlap (an exclusion constraint of migration 0011: a lane is the booking's doctor, or its
 * treatment when it has none) and one per (treatment, date, patient account) (DESIGN.md section 3).
 *
 * A booking belongs to an account by its id; the email, name and phone are what the patient
 * gave when booking, kept for display and mail. When the account is removed, the booking is
 * detached (`patient_id` set to null) and a trigger clears those personal fields in the same
 * statement (migration 0007), so a later account with the same address can never see it.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './admin.ts';
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
    /** The spec's label, `08.00 AM - 08.30 AM`, derived from the start and end minutes. */
    slot: text('slot').notNull(),
    /** The doctor who sees the patient; null for a treatment that needs none. */
    doctorId: uuid('doctor_id').references(() => doctors.id),
    /** What the booking occupies: its doctor, else its treatment (the exclusion constraint's key). */
    laneId: uuid('lane_id')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(doctor_id, treatment_id)`),
    /** Wall-clock minutes after midnight in the clinic's zone: `[start_min, end_min)`. */
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    /** The same times as instants (reminders, notice rules, reports). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** One more per reschedule: the calendar file's SEQUENCE and the key reminders are checked against. */
    version: integer('version').notNull().default(1),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** `patient` ("Cancelled online"), `admin` or `system` (a closure, a removed doctor). */
    cancelledBy: text('cancelled_by', { enum: ['patient', 'admin', 'system'] }),
    cancelReason: text('cancel_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The account that last changed the status. */
    statusChangedBy: text('status_changed_by'),
    /** `online` (the patient), `admin` (the front desk), `waitlist`, or `recall` (a recall link). */
    createdVia: text('created_via', { enum: ['online', 'admin', 'waitlist', 'recall'] }).notNull().default('online'),
    /** The owner. Null once the account is removed; past bookings stay for the clinic's records. */
    patientId: text('patient_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The guardian who booked a dependent's appointment (practice-loop.md section 7): the
     * household's cap counts it; null for a patient's own booking and the front desk's.
     */
    bookedBy: text('booked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshots for display and mail, never for ownership; emptied when the owner is removed. */
    patientEmail: text('patient_email').notNull(),
    patientName: text('patient_name').notNull(),
    phone: text('phone').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: ['confirmed', 'cancelled', 'completed', 'no_show'] }).notNull().default('confirmed'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    /**
     * Set when the owner erased their account and the clinic keeps this booking (paid or
     * attended): the pseudonym under which `retained_identities` holds who it was.
     */
    subjectRef: uuid('subject_ref'),
    /** When the patient said they are coming (a reminder's confirm link); any move clears it. */
    patientConfirmedAt: timestamp('patient_confirmed_at', { withTimezone: true }),
    /** When the patient checked in at the clinic (design practice-loop.md section 6.4). */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // bookings_one_per_lane_time, the EXCLUDE constraint, lives in migration 0011 only: Drizzle
    // cannot declare one (drizzle-orm#2813).
    uniqueIndex('bookings_one_per_patient')
      .on(t.treatmentId, t.date, t.patientId)
      .where(sql`${t.status} = 'confirmed'`),
    index('bookings_date_idx').on(t.date),
    index('bookings_starts_at_idx').on(t.startsAt).where(sql`${t.status} = 'confirmed'`),
    index('bookings_patient_id_idx').on(t.patientId, t.date),
    index('bookings_booked_by_idx').on(t.bookedBy, t.date).where(sql`${t.bookedBy} IS NOT NULL AND ${t.status} = 'confirmed'`),
  ],
);

/**
 * What happened to a booking, and who did it: the detail page's history, disputes, reports.
 * Written in the transaction of the change it records.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['patient', 'admin', 'system'] }).notNull(),
    actorId: text('actor_id'),
    type: text('type', { enum: ['created', 'rescheduled', 'cancelled', 'status', 'paid', 'refund'] }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.at)],
);
