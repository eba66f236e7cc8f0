/** A doctor's day (`GET /api/staff/day`, practice-loop.md section 2): the patients of one lane on one date. */
import { z } from 'zod';
import { guardianContactSchema } from './families.ts';
import { bookingFormsSchema } from './forms.ts';
import { bookingStatusSchema, dateInputSchema } from './booking.ts';
import { minuteOfDaySchema } from './schedule.ts';
import { reasonSchema, uuidSchema } from './validation.ts';

/** `doctorId`: any doctor for the front desk and the owner; a doctor's account gets its own lane without it. */
export const staffDayQuerySchema = z.object({ date: dateInputSchema, doctorId: uuidSchema.optional() });
export type StaffDayQuery = z.input<typeof staffDayQuerySchema>;

export const staffDayItemSchema = z.object({
  booking: z.object({
    _id: z.string(),
    /** Instants (ISO 8601); `slot` is the spec's label of the same times in the clinic's zone. */
    start: z.string(),
    end: z.string(),
    slot: z.string(),
    treatment: z.string(),
    status: bookingStatusSchema,
    /** When the patient checked in (practice-loop.md section 6.4); null until they do. */
    arrivedAt: z.string().nullable().optional(),
  }),
  /** `_id`: the account, for opening its forms (`GET /api/admin/patients/:id/forms`); null once detached. */
  patient: z.object({ _id: z.string().nullable().optional(), name: z.string(), phone: z.string() }),
  forms: bookingFormsSchema.optional(),
  alerts: z.array(z.string()).optional(),
  /** A dependent's booking: the guardian to call (practice-loop.md section 7). */
  guardian: guardianContactSchema.nullable().optional(),
});
export type StaffDayItem = z.infer<typeof staffDayItemSchema>;

export const staffDaySchema = z.object({
  date: z.string(),
  doctor: z.object({ _id: z.string(), name: z.string() }),
  /** The lane's bookings that day (cancelled ones left out), by start time. */
  items: z.array(staffDayItemSchema),
});
export type StaffDay = z.infer<typeof staffDaySchema>;

/**
 * `POST /api/staff/blocked-time`: a doctor takes a stretch of one day out of their own lane
 * (a `blocked` schedule exception). `doctorId` is the owner's, who names the doctor; a doctor's
 * account blocks its own lane and may leave it out.
 */
export const ownBlockedTimeRequestSchema = z
  .object({
    date: dateInputSchema,
    startMin: minuteOfDaySchema,
    endMin: minuteOfDaySchema,
    reason: reasonSchema(200).default(''),
    doctorId: uuidSchema.optional(),
  })
  .refine((e) => e.endMin > e.startMin, { path: ['endMin'], message: 'The end must be after the start' });
export type OwnBlockedTimeRequest = z.input<typeof ownBlockedTimeRequestSchema>;
