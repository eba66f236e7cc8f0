/** The clinic's own data: treatments (the spec's "available" list) and contact messages. */
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const treatments = pgTable('treatments', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** Money is integer cents in the database; the API shows dollars (DESIGN.md section 3). */
  priceCents: integer('price_cents').notNull(),
  /** Slot labels in time order, e.g. `08.00 AM - 08.30 AM`. */
  slots: text('slots').array().notNull(),
  position: integer('position').notNull().default(0),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
