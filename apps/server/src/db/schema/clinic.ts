/** The clinic's own data: treatments (the spec's "available" list) and contact messages. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const treatments = pgTable('treatments', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** Money is integer cents in the database; the API shows dollars (DESIGN.md section 3). */
  priceCents: integer('price_cents').notNull(),
  /**
   * Deprecated since migration 0011 (the schedule decides the slots now); no longer read, kept
   * one release so that a rollback still finds it. New treatments get an empty list.
   */
  slots: text('slots').array().notNull().default([]),
  position: integer('position').notNull().default(0),
  /** 30 to 240 minutes in steps of 30 (a CHECK in migration 0011). */
  durationMin: smallint('duration_min').notNull().default(30),
  /** True: a booking takes one of the treatment's doctors (lane = doctor); false: the treatment is its own queue. */
  requiresDoctor: boolean('requires_doctor').notNull().default(false),
  /** False once archived: no longer offered, still named on old bookings. */
  active: boolean('active').notNull().default(true),
  description: text('description').notNull().default(''),
  /** Months after a completed visit the patient is recalled (practice-loop.md section 4); null: never. */
  recallMonths: smallint('recall_months'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The address the sender typed: anyone may type any address, so it proves nobody. */
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /**
     * The signed-in account that sent it, the only thing that makes a message someone's data
     * (their export lists it, their erasure deletes it). Null: sent signed out. No foreign key,
     * as on the outbox: the account's erasure deletes its messages itself.
     */
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`)],
);

/**
 * The clinic's profile (design practice-loop.md section 10): one row, id 1, written by the
 * first-run setup and the owner's settings. Empty texts are "not set" (the public pages show the
 * spec's). `timezone`, once set, is the clinic's zone from the next start on (CLINIC_TIMEZONE is
 * its default). `setup_token`: the one-time setup address's secret while no admin exists.
 */
export const clinicProfile = pgTable('clinic_profile', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  timezone: text('timezone'),
  about: text('about').notNull().default(''),
  privacyPolicy: text('privacy_policy').notNull().default(''),
  terms: text('terms').notNull().default(''),
  setupToken: text('setup_token'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
