/**
 * Identifiers kept after an account is erased, only as long as the law obliges the clinic to
 * (design section 5.7, docs/decisions/014): the name, email and phone of a paid or attended
 * booking, under a pseudonym (`subject_ref`) that the booking keeps instead of its owner.
 * Nothing in the app reads this table; the retention purge deletes rows past `retain_until`.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const retainedIdentities = pgTable(
  'retained_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The pseudonym the erased account's kept bookings (and sent mails) carry. */
    subjectRef: uuid('subject_ref').notNull(),
    /** The erased account's id, as its audit entries name it. */
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** Why the clinic may keep it (GDPR Art. 17(3)(b)), in words a legal request can quote. */
    legalBasis: text('legal_basis').notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('retained_identities_subject_ref_idx').on(t.subjectRef),
    index('retained_identities_retain_until_idx').on(t.retainUntil),
  ],
);
