/** Treatments, availability and bookings on the wire (spec section 3; DESIGN.md section 3). */
import { z } from 'zod';
import { parseDateInput } from './dates.ts';
import { paymentModeSchema } from './payment.ts';
import { phoneSchema, serverEmailSchema, uuidSchema } from './validation.ts';

/** A calendar date as sent: ISO `YYYY-MM-DD` or the spec's medium `Jun 5, 2022`; parsed to ISO. */
export const dateInputSchema = z.string().transform((value, ctx) => {
  const iso = parseDateInput(value);
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: 'Provide a real date as YYYY-MM-DD or like Jun 5, 2030' });
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
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

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
  paymentMode: paymentModeSchema.nullable(),
  /** Who sees the patient: null for a treatment that needs no doctor. */
  doctor: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingCreatedSchema = z.object({ success: z.literal(true), booking: bookingSchema });

/** The spec's conflict answer: `success: false` and the booking that stands in the way. */
export const bookingConflictSchema = z.object({
  success: z.literal(false),
  booking: z.object({ date: z.string(), slot: z.string(), treatment: z.string() }),
});

export const bookingListQuerySchema = z.object({ patient: serverEmailSchema });
export const bookingIdParamsSchema = z.object({ id: z.string() });
