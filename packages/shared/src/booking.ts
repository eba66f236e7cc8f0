/** Treatments, availability and bookings on the wire (spec section 3; DESIGN.md section 3). */
import { z } from 'zod';
import { bookingDependentSchema } from './families.ts';
import { FIRST_ACCEPTED_YEAR, LAST_ACCEPTED_YEAR, isAcceptedDate, parseDateInput } from './dates.ts';
import { bookingPaymentModeSchema } from './payment.ts';
import { phoneSchema, reasonSchema, serverEmailSchema, uuidSchema } from './validation.ts';

/** A calendar date as sent: ISO `YYYY-MM-DD` or the spec's medium `Jun 5, 2022`; parsed to ISO. */
export const dateInputSchema = z.string().transform((value, ctx) => {
  const iso = parseDateInput(value);
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: 'Provide a real date as YYYY-MM-DD or like Jun 5, 2030' });
    return z.NEVER;
  }
  if (!isAcceptedDate(iso)) {
    ctx.addIssue({ code: 'custom', message: `Provide a date between the years ${FIRST_ACCEPTED_YEAR} and ${LAST_ACCEPTED_YEAR}` });
    return z.NEVER;
  }
  return iso;
});

export const availableQuerySchema = z.object({ date: dateInputSchema });

export const treatmentAvailabilitySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The slots still free on the date asked about, in time order. */
  slots: z.array(z.string()),
  /** Dollars. */
  price: z.number(),
});
export type TreatmentAvailability = z.infer<typeof treatmentAvailabilitySchema>;

/**
 * The spec's booking request. The server takes the patient and the name from the access token and
 * the price from the treatment: `patient`, `patientName` and `price` are accepted for
 * compatibility, and a `patient` naming someone else is refused.
 */
export const bookingRequestSchema = z.object({
  treatmentId: z.string().trim().min(1, 'Choose a treatment'),
  treatment: z.string().optional(),
  date: dateInputSchema,
  slot: z.string().trim().min(1, 'Choose a slot'),
  price: z.number().optional(),
  patient: z.string().optional(),
  patientName: z.string().optional(),
  phone: phoneSchema.optional().default(''),
  /** A doctor of the treatment's; absent: any available doctor (the treatments that need one). */
  doctorId: uuidSchema.optional(),
  /** A dependent of the caller's (practice-loop.md section 7): the booking is theirs. Absent: the caller's own. */
  forPatientId: z.string().trim().min(1).max(64).optional(),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const bookingStatusSchema = z.enum(['confirmed', 'cancelled', 'completed', 'no_show']);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

export const bookingSchema = z.object({
  _id: z.string(),
  treatmentId: z.string(),
  treatment: z.string(),
  /** ISO date. */
  date: z.string(),
  slot: z.string(),
  /** Dollars. */
  price: z.number(),
  paid: z.boolean(),
  patient: z.string(),
  patientName: z.string(),
  phone: z.string(),
  transactionId: z.string().nullable(),
  /** `test` for a booking paid in the built-in test mode: staff must see no money was taken. */
  paymentMode: bookingPaymentModeSchema.nullable(),
  /** Who sees the patient: null for a treatment that needs no doctor. */
  doctor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The lifecycle (design section 5.2). */
  status: bookingStatusSchema,
  /** One more per reschedule: send it back as `If-Match: "v<version>"` to move the booking. */
  version: z.number().int(),
  /** The appointment's start and end as instants (ISO 8601). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Until when the patient may cancel or move it themselves; null when they may not at all. */
  cancelDeadline: z.string().nullable(),
  rescheduleDeadline: z.string().nullable(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /** Who cancelled it, for a cancelled booking: 'patient' ("Cancelled online") or the clinic. */
  cancelledBy: z.enum(['patient', 'admin', 'system']).nullable(),
  refund: z.object({ status: z.enum(['pending', 'succeeded', 'failed']), amount: z.number() }).nullable(),
  /** When the patient checked in at the clinic (practice-loop.md section 6.4); null until they do. */
  arrivedAt: z.string().nullable(),
  /** A dependent's booking: whose (the Name column's `patientName` is theirs too); null: the account holder's own. */
  dependent: bookingDependentSchema.optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingCreatedSchema = z.object({ success: z.literal(true), booking: bookingSchema });

/** The spec's conflict answer: `success: false` and the booking that stands in the way. */
export const bookingConflictSchema = z.object({
  success: z.literal(false),
  booking: z.object({ date: z.string(), slot: z.string(), treatment: z.string() }),
});

/** `include=cancelled` adds cancelled bookings to the list (the "Show past and cancelled" toggle). */
export const bookingListQuerySchema = z.object({ patient: serverEmailSchema, include: z.enum(['cancelled']).optional() });
export const bookingIdParamsSchema = z.object({ id: z.string() });

/** One change in a booking's life, as its detail page lists them. */
export const bookingEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.enum(['patient', 'admin', 'system']),
  type: z.enum(['created', 'rescheduled', 'cancelled', 'status', 'paid', 'refund']),
  data: z.record(z.string(), z.unknown()),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

export const bookingDetailSchema = bookingSchema.extend({ events: z.array(bookingEventSchema) });
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const cancelRequestSchema = z.object({ reason: reasonSchema(500).optional() });

export const cancelResultSchema = z.object({
  booking: bookingSchema,
  refund: z.object({ status: z.enum(['pending', 'succeeded', 'failed']), amount: z.number() }).nullable(),
});

/** Moves a booking to another free time of the same treatment (optionally another doctor of it). */
export const rescheduleRequestSchema = z.object({
  date: dateInputSchema,
  slot: z.string().trim().min(1, 'Choose a slot'),
  doctorId: uuidSchema.optional(),
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;
