/**
 * The waitlist (design section 5.5): patients waiting for a treatment over a date range, and the
 * offers of concrete freed times made to them. An offer holds nothing: the time stays bookable
 * by anyone, and the booking path's locks and constraints decide who gets it.
 */
import { sql } from 'drizzle-orm';
import { date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './admin.ts';
import { users } from './auth.ts';
import { treatments } from './clinic.ts';

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: text('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    /** Null: any of the treatment's doctors (or none, for a treatment that needs none). */
    doctorId: uuid('doctor_id').references(() => doctors.id, { onDelete: 'cascade' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    /** A time-of-day window in the clinic's zone; null: the whole day. */
    earliestMin: smallint('earliest_min'),
    latestMin: smallint('latest_min'),
    status: text('status', { enum: ['waiting', 'offered', 'booked', 'expired', 'cancelled'] }).notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastOfferedAt: timestamp('last_offered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('waitlist_entries_one_active').on(t.patientId, t.treatmentId).where(sql`${t.status} IN ('waiting', 'offered')`),
    index('waitlist_entries_waiting_idx').on(t.treatmentId, t.dateFrom).where(sql`${t.status} IN ('waiting', 'offered')`),
  ],
);

export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    /** The lane offered: its doctor, or the treatment itself (as bookings.lane_id). */
    laneId: uuid('lane_id').notNull(),
    doctorId: uuid('doctor_id'),
    date: date('date', { mode: 'string' }).notNull(),
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['open', 'claimed', 'expired', 'superseded'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_once').on(t.entryId, t.laneId, t.date, t.startMin),
    index('waitlist_offers_open_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);
