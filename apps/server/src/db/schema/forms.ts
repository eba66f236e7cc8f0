/**
 * Intake and consent (design practice-loop.md section 6): the clinic's medical-history form in
 * versions, what patients answered and signed, and the consent texts of treatments in versions
 * with the signatures of each booking's. Health data: only a doctor of the patient's or an admin
 * reads the answers, and each read is audited.
 *
 * An erased patient's submissions and consents of attended visits stay, under the erasure's
 * pseudonym (`subject_ref`), until `retain_until` (CLINICAL_RECORD_RETENTION_DAYS); the others go.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FormAnswers, FormQuestion } from '@clinic/shared';
import { users } from './auth.ts';
import { bookings } from './booking.ts';
import { treatments } from './clinic.ts';

export const medicalHistoryForms = pgTable('medical_history_forms', {
  /** 1, 2, ...: a change is a new version; answers keep the version they answered. */
  version: integer('version').primaryKey(),
  title: text('title').notNull(),
  questions: jsonb('questions').$type<FormQuestion[]>().notNull(),
  /** The admin who saved it; null for the default a fresh install ships. */
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row (id 1): the clinic's own choice that patients must fill in the history (MEDICAL_HISTORY_REQUIRED also can). */
export const intakeSettings = pgTable('intake_settings', {
  id: smallint('id').primaryKey(),
  medicalHistoryRequired: boolean('medical_history_required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const medicalHistorySubmissions = pgTable(
  'medical_history_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is erased and this is kept under `subject_ref`. */
    patientId: text('patient_id').references(() => users.id, { onDelete: 'set null' }),
    subjectRef: uuid('subject_ref'),
    version: integer('version').notNull().references(() => medicalHistoryForms.version),
    answers: jsonb('answers').$type<FormAnswers>().notNull(),
    /** The labels of the questions whose answer raised an alert, as the version worded them. */
    alerts: jsonb('alerts').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    typedName: text('typed_name').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the canonical JSON of version, answers, typed name and time: what was signed. */
    sha256: text('sha256').notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true }),
  },
  (t) => [
    index('medical_history_submissions_patient_idx').on(t.patientId, t.submittedAt),
    index('medical_history_submissions_retain_idx').on(t.retainUntil).where(sql`${t.retainUntil} IS NOT NULL`),
  ],
);

export const treatmentConsents = pgTable(
  'treatment_consents',
  {
    treatmentId: uuid('treatment_id').notNull().references(() => treatments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Null: from this version on, the treatment needs no consent. */
    text: text('text'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.version] })],
);

export const bookingConsents = pgTable(
  'booking_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    patientId: text('patient_id').references(() => users.id, { onDelete: 'set null' }),
    subjectRef: uuid('subject_ref'),
    treatmentId: uuid('treatment_id').notNull(),
    version: integer('version').notNull(),
    /** The text as signed (a later version does not change what this signature covers). */
    text: text('text').notNull(),
    typedName: text('typed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    sha256: text('sha256').notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('booking_consents_booking_version_unique').on(t.bookingId, t.version),
    index('booking_consents_patient_idx').on(t.patientId),
  ],
);
