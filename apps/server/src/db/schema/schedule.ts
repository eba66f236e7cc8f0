/**
 * The clinic's schedule (design clinic-operations.md section 2.2): who performs which treatment,
 * weekly hours (the clinic's, and a doctor's own), one-off exceptions, and the zone the stored
 * instants of bookings were computed in. Times of day are wall-clock minutes in the clinic's zone.
 * Grid, range and overlap checks are CHECK and EXCLUDE constraints of migration 0011.
 */
import { date, index, pgTable, primaryKey, smallint, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './admin.ts';
import { treatments } from './clinic.ts';

export const doctorTreatments = pgTable(
  'doctor_treatments',
  {
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.treatmentId] }), index('doctor_treatments_treatment_idx').on(t.treatmentId)],
);

/** Weekly hours: several rows on one weekday leave breaks between them. No doctor: the clinic's. */
export const workingHours = pgTable(
  'working_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id').references(() => doctors.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: smallint('weekday').notNull(),
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
  },
  (t) => [index('working_hours_doctor_idx').on(t.doctorId)],
);

/**
 * Dates that differ from the weekly hours. No doctor: the whole clinic. `closed` whole days;
 * `open` special hours replacing the weekly ones; `blocked` a stretch taken out.
 */
export const scheduleExceptions = pgTable(
  'schedule_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id').references(() => doctors.id, { onDelete: 'cascade' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['closed', 'open', 'blocked'] }).notNull(),
    startMin: smallint('start_min'),
    endMin: smallint('end_min'),
    reason: text('reason').notNull().default(''),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_exceptions_dates_idx').on(t.dateTo, t.dateFrom)],
);

/**
 * One row: the zone the stored `starts_at`/`ends_at` of bookings were computed in, and a counter
 * every schedule change bumps (a booking transaction compares it with the schedule it decided on).
 */
export const clinicState = pgTable('clinic_state', {
  id: smallint('id').primaryKey(),
  timezone: text('timezone').notNull(),
  scheduleVersion: integer('schedule_version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
