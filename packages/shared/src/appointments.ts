/**
 * The front desk's view of appointments (design clinic-operations.md section 3.4): the admin's
 * list with filters and keyset paging, its CSV, statuses, cancelling with a refund choice.
 */
import { z } from 'zod';
import { guardianContactSchema } from './families.ts';
import { bookingFormsSchema } from './forms.ts';
import { bookingSchema, bookingStatusSchema, dateInputSchema } from './booking.ts';
import { daysBetween } from './dates.ts';
import { oneLine, phoneSchema, reasonSchema, serverEmailSchema, uuidSchema } from './validation.ts';

export const adminBookingsQuerySchema = z
  .object({
    from: dateInputSchema,
    to: dateInputSchema,
    status: bookingStatusSchema.optional(),
    /** Whether the patient said they are coming (a reminder's confirm link). */
    confirmation: z.enum(['confirmed', 'unconfirmed']).optional(),
    doctorId: uuidSchema.optional(),
    treatmentId: uuidSchema.optional(),
    /** Matches the patient's name, email or phone, or the treatment's name. */
    q: z.string().trim().max(100).optional(),
    /** From the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
    else if (daysBetween(q.from, q.to) > 366) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Ask for at most 366 days at a time' });
    }
  });
export type AdminBookingsQuery = z.input<typeof adminBookingsQuerySchema>;

export const adminBookingSchema = bookingSchema.extend({
  patientAccount: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** A confirmed booking the current schedule no longer covers (hours changed after it was made). */
  outsideHours: z.boolean(),
  payment: z.object({ paid: z.boolean(), refunded: z.number() }),
  /** Why a cancelled booking was cancelled, as the canceller gave it. */
  cancelReason: z.string().nullable().optional(),
  /** When the patient confirmed they are coming; null until they do. */
  patientConfirmedAt: z.string().nullable(),
  /** The patient asked to be called about it and nobody has resolved that yet. */
  callbackOpen: z.boolean(),
  /** The patient's medical history and this visit's consent (practice-loop.md section 6.3). */
  forms: bookingFormsSchema.optional(),
  /** The patient's answers that the form flags for staff (an allergy, blood thinners, ...). */
  alerts: z.array(z.string()).optional(),
  /** A dependent's booking: the guardian to call (practice-loop.md section 7). */
  guardian: guardianContactSchema.nullable().optional(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingsPageSchema = z.object({ items: z.array(adminBookingSchema), nextCursor: z.string().nullable() });
export type AdminBookingsPage = z.infer<typeof adminBookingsPageSchema>;

/** Staff mark what happened (design section 5.2). */
export const bookingStatusRequestSchema = z.object({
  status: z.enum(['completed', 'no_show', 'confirmed']),
  note: z.string().trim().max(500).optional(),
});

/** The clinic cancels: with a full refund (the default), none, or part of what was paid. */
export const adminCancelRequestSchema = z.object({
  reason: reasonSchema(500, { message: 'Give a reason' }),
  refund: z.union([z.enum(['full', 'none']), z.object({ amountCents: z.number().int().min(1) })]).default('full'),
  notify: z.boolean().default(true),
});
export type AdminCancelRequest = z.input<typeof adminCancelRequestSchema>;

/**
 * The front desk books for a patient who phoned: an existing account by email, or a new patient
 * (name, email, phone) who is mailed a link to set a password.
 */
export const adminBookingRequestSchema = z.object({
  treatmentId: uuidSchema,
  date: dateInputSchema,
  slot: z.string().trim().min(1, 'Choose a slot'),
  doctorId: uuidSchema.optional(),
  patient: z.object({
    email: serverEmailSchema,
    name: oneLine(z.string().trim().max(100, 'A name has at most 100 characters')).optional(),
    phone: phoneSchema.optional(),
  }),
});
export type AdminBookingRequest = z.input<typeof adminBookingRequestSchema>;

export const adminBookingCreatedSchema = z.object({ success: z.literal(true), booking: bookingSchema, patientCreated: z.boolean() });
