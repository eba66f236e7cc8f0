/** The whole database schema, assembled for Drizzle and drizzle-kit. */
export * from './schema/auth.ts';
export * from './schema/clinic.ts';
export * from './schema/rate-limit.ts';
export * from './schema/booking.ts';
export * from './schema/admin.ts';
export * from './schema/payments.ts';
export * from './schema/outbox.ts';
export * from './schema/retention.ts';
export * from './schema/schedule.ts';
export * from './schema/jobs.ts';
export * from './schema/waitlist.ts';
export * from './schema/reviews.ts';
export * from './schema/links.ts';
export * from './schema/recall.ts';
export * from './schema/forms.ts';
