/**
 * Signed links (design practice-loop.md sections 3 and 5): what a link in a message lets its
 * holder do without a password, for one booking (or recall), once. `GET /api/links/:token`
 * describes it; `POST /api/links/:token/<action>` does what the signed-in route does. The link
 * never shows more of the patient than a first name.
 */
import { z } from 'zod';
import { bookingStatusSchema, dateInputSchema } from './booking.ts';
import { reasonSchema, uuidSchema } from './validation.ts';

/** `guardian` and `handover` are invitations about a dependent (section 7), accepted with `/accept`. */
export const linkPurposeSchema = z.enum(['confirm', 'reschedule', 'cancel', 'check-in', 'recall', 'guardian', 'handover']);
export type LinkPurpose = z.infer<typeof linkPurposeSchema>;

export const linkBookingSchema = z.object({
  _id: z.string(),
  treatment: z.string(),
  treatmentId: z.string(),
  /** ISO `YYYY-MM-DD`, the clinic's date. */
  date: z.string(),
  /** The spec's slot label, `08.00 AM - 08.30 AM`. */
  slot: z.string(),
  /** The doctor's name as the clinic wrote it; null for a treatment without one. */
  doctor: z.string().nullable(),
  doctorId: z.string().nullable(),
  status: bookingStatusSchema,
  /** When the patient said they are coming (a `confirm` link, or a text reply); null until then. */
  confirmedAt: z.string().nullable(),
  /** Until when it can be cancelled or moved online (the notice windows); null: not online. */
  cancelUntil: z.string().nullable(),
  rescheduleUntil: z.string().nullable(),
});
export type LinkBooking = z.infer<typeof linkBookingSchema>;

export const linkSuggestionSchema = z.object({ date: z.string(), slot: z.string(), doctorId: z.string().nullable() });

export const linkViewSchema = z.object({
  purpose: linkPurposeSchema,
  expiresAt: z.string(),
  /** The patient's first name, nothing more: a forwarded mail must not reveal the rest. */
  firstName: z.string(),
  booking: linkBookingSchema.optional(),
  recall: z.object({ treatment: z.string(), dueDate: z.string() }).optional(),
  suggestions: z.array(linkSuggestionSchema).optional(),
  /** The patient already asked to be called about this booking and nobody has yet. */
  callbackOpen: z.boolean().optional(),
  /** An invitation (`guardian`, `handover`): the first name of the guardian who sent it. */
  inviter: z.string().optional(),
});
export type LinkView = z.infer<typeof linkViewSchema>;

export const linkCancelRequestSchema = z.object({ reason: reasonSchema(500).optional() });
export type LinkCancelRequest = z.input<typeof linkCancelRequestSchema>;

export const linkRescheduleRequestSchema = z.object({
  date: dateInputSchema,
  slot: z.string().trim().min(1, 'Choose a slot'),
  doctorId: uuidSchema.optional(),
});
export type LinkRescheduleRequest = z.input<typeof linkRescheduleRequestSchema>;

/** A recall link books one of the offered (or any free) times of the recalled treatment. */
export const linkBookRequestSchema = linkRescheduleRequestSchema;
export type LinkBookRequest = LinkRescheduleRequest;

export const linkCallbackRequestSchema = z.object({ note: reasonSchema(500).optional() });
export type LinkCallbackRequest = z.input<typeof linkCallbackRequestSchema>;

/** What an action did, for the page to say: the booking as it is now. */
export const linkResultSchema = z.object({
  /** `guardian-added`: the signed-in account now manages the dependent; `handed-over`: the dependent's own account exists, to sign in to. */
  done: z.enum(['confirmed', 'cancelled', 'rescheduled', 'callback', 'stopped', 'booked', 'snoozed', 'checked-in', 'guardian-added', 'handed-over']),
  booking: linkBookingSchema.optional(),
});
export type LinkResult = z.infer<typeof linkResultSchema>;

/** The front desk's callbacks (section 5): a patient who asked, from a link, to be phoned. */
export const callbackSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  patient: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  booking: z.object({ treatment: z.string(), date: z.string(), slot: z.string(), status: bookingStatusSchema }),
  note: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type Callback = z.infer<typeof callbackSchema>;

export const callbacksQuerySchema = z.object({
  open: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false'),
});
export const callbacksPageSchema = z.object({ items: z.array(callbackSchema) });
export type CallbacksPage = z.infer<typeof callbacksPageSchema>;

export const linkAvailabilityQuerySchema = z.object({ date: dateInputSchema });

export const linkTokenParamsSchema = z.object({ token: z.string().max(200) });
export const callbackIdParamsSchema = z.object({ id: z.string().max(100) });
