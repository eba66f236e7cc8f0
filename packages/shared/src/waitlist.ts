/**
 * The waitlist and the clinic's background work on the wire (design clinic-operations.md
 * sections 3.2, 5.4, 5.5 and 6.1).
 *
 * A patient waits for a treatment over a date range (optionally with one doctor, optionally within
 * a time of day); when a matching time frees up, a few waiting patients get an offer naming one
 * concrete time, and the first to book it wins through the ordinary booking path.
 */
import { z } from 'zod';
import { dateInputSchema } from './booking.ts';
import { diskSpaceSchema } from './disk.ts';
import { daysBetween } from './dates.ts';
import { minuteOfDaySchema } from './schedule.ts';
import { phoneSchema, uuidSchema } from './validation.ts';

/** How long a waitlist entry's date range may be. */
export const WAITLIST_MAX_RANGE_DAYS = 60;

/** NexHealth's wording, for a waitlist offer someone else booked first. */
export const SLOT_TAKEN_MESSAGE = 'The time you have selected is no longer available.';

/** `POST /api/waitlist`. */
export const waitlistJoinSchema = z
  .object({
    treatmentId: uuidSchema,
    /** One of the treatment's doctors; absent: any. */
    doctorId: uuidSchema.optional(),
    from: dateInputSchema,
    to: dateInputSchema,
    /** A time-of-day window (minutes after midnight in the clinic's zone); absent: the whole day. */
    earliestMin: minuteOfDaySchema.optional(),
    latestMin: minuteOfDaySchema.optional(),
  })
  .refine((j) => j.to >= j.from, { message: 'The last day must not be before the first', path: ['to'] })
  .refine((j) => daysBetween(j.from, j.to) < WAITLIST_MAX_RANGE_DAYS, {
    message: `Wait for at most ${WAITLIST_MAX_RANGE_DAYS} days at a time`,
    path: ['to'],
  })
  .refine((j) => j.earliestMin === undefined || j.latestMin === undefined || j.latestMin > j.earliestMin, {
    message: 'The latest time must be after the earliest',
    path: ['latestMin'],
  });
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

export const waitlistEntryStatusSchema = z.enum(['waiting', 'offered', 'booked', 'expired', 'cancelled']);
export const waitlistOfferStatusSchema = z.enum(['open', 'claimed', 'expired', 'superseded']);

const doctorRefSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

export const waitlistEntrySchema = z.object({
  _id: z.string(),
  treatmentId: z.string(),
  treatment: z.string(),
  doctor: doctorRefSchema,
  from: z.string(),
  to: z.string(),
  earliestMin: z.number().int().nullable(),
  latestMin: z.number().int().nullable(),
  status: waitlistEntryStatusSchema,
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** One concrete time offered to a waiting patient; it is not held: whoever books first gets it. */
export const waitlistOfferSchema = z.object({
  _id: z.string(),
  entryId: z.string(),
  treatmentId: z.string(),
  treatment: z.string(),
  doctor: doctorRefSchema,
  date: z.string(),
  /** The spec's slot label, `08.00 AM - 08.30 AM`. */
  slot: z.string(),
  startsAt: z.string(),
  /** After this the offer cannot be claimed (410); the time may still be booked normally. */
  expiresAt: z.string(),
  status: waitlistOfferStatusSchema,
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** `GET /api/waitlist`: the caller's active entries, each with its open offers. */
export const waitlistListSchema = z.array(z.object({ entry: waitlistEntrySchema, offers: z.array(waitlistOfferSchema) }));
export type WaitlistList = z.infer<typeof waitlistListSchema>;

export const waitlistIdParamsSchema = z.object({ id: z.string() });

/** `POST /api/waitlist/offers/:id/claim`; the answer is the spec's booking answer. */
export const waitlistClaimSchema = z.object({ phone: phoneSchema.optional() });
export type WaitlistClaim = z.input<typeof waitlistClaimSchema>;

// ---------------------------------------------------------------------------------------------
// Background work (admin): jobs and scheduled mail.

export const jobStatusSchema = z.enum(['pending', 'running', 'done', 'failed']);

/** `GET /api/admin/background`: what is waiting and what failed. */
export const backgroundWorkSchema = z.object({
  /** Per job kind, how many rows are in each state. */
  jobs: z.array(
    z.object({ kind: z.string(), pending: z.number().int(), running: z.number().int(), done: z.number().int(), failed: z.number().int() }),
  ),
  /** The latest failed jobs, newest first. */
  failedJobs: z.array(
    z.object({ _id: z.string(), kind: z.string(), attempts: z.number().int(), lastError: z.string().nullable(), at: z.string() }),
  ),
  /** The outbox by state; `scheduled` are pending mails not due yet (reminders). */
  mail: z.object({
    pending: z.number().int(),
    scheduled: z.number().int(),
    sending: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    expired: z.number().int(),
  }),
  /** The next scheduled mails (reminders), soonest first. */
  upcomingMail: z.array(z.object({ _id: z.string(), kind: z.string(), to: z.string(), subject: z.string(), notBefore: z.string() })),
  /** Whether this instance delivers mail (SMTP_URL); without it, mail waits in the outbox. */
  smtpConfigured: z.boolean(),
  /** Free space for the embedded database and its backups; null on PostgreSQL (the operator's disk). */
  disk: diskSpaceSchema.nullable(),
});
export type BackgroundWork = z.infer<typeof backgroundWorkSchema>;
