/**
 * The clinic's schedule on the wire (design clinic-operations.md sections 2.5, 3.1 and 3.5):
 * treatments the clinic edits, doctors' treatments and weekly hours, the clinic's hours,
 * closures and one-off exceptions, and what patients read of them (calendar, per-doctor
 * availability, the public list of doctors).
 *
 * Times of day are wall-clock minutes after midnight in the clinic's zone, on the 30-minute grid
 * (480 = 08.00 AM); dates are ISO `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { dateInputSchema } from './booking.ts';
import { daysBetween } from './dates.ts';
import { oneLine, reasonSchema, uuidSchema } from './validation.ts';

const GRID = 30;


/** A time of day on the 30-minute grid, 00.00 to 24.00. */
export const minuteOfDaySchema = z
  .number({ message: 'Give a time as minutes after midnight' })
  .int('Give a time as whole minutes')
  .min(0, 'A time cannot be before midnight')
  .max(24 * 60, 'A time cannot be after midnight')
  .refine((m) => m % GRID === 0, 'Times go in steps of 30 minutes');

/** How long a treatment takes: 30 minutes to 4 hours, in steps of 30 minutes. */
export const durationMinSchema = z
  .number({ message: 'Give the duration in minutes' })
  .int('Give the duration in whole minutes')
  .min(30, 'A treatment takes at least 30 minutes')
  .max(240, 'A treatment takes at most 4 hours')
  .refine((m) => m % GRID === 0, 'The duration goes in steps of 30 minutes');

/** A stretch of a day, `[start, end)` in minutes. */
export const intervalSchema = z
  .object({ start: minuteOfDaySchema, end: minuteOfDaySchema })
  .refine((i) => i.end > i.start, { message: 'The end must be after the start', path: ['end'] });
export type Interval = z.infer<typeof intervalSchema>;

// ---------------------------------------------------------------------------------------------
// Treatments (admin)

const priceDollarsSchema = z
  .number({ message: 'Give the price in dollars' })
  .min(0, 'The price cannot be negative')
  .max(10_000, 'The price is at most $10,000')
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'Give the price in whole cents');

/** On one line: it is the subject of mails and the summary of calendar files. */
const treatmentNameSchema = oneLine(z.string().trim().min(1, 'Name the treatment').max(80, 'A treatment name has at most 80 characters'));

export const treatmentCreateSchema = z.object({
  name: treatmentNameSchema,
  /** Dollars, as `/api/available` shows them; stored as cents. */
  price: priceDollarsSchema,
  durationMin: durationMinSchema.default(30),
  description: z.string().trim().max(1000, 'A description has at most 1,000 characters').default(''),
  /** Whether a booking needs one of the treatment's doctors (its lanes are then the doctors). */
  requiresDoctor: z.boolean().default(false),
  /** The doctors who perform it. */
  doctorIds: z.array(uuidSchema).max(100).optional(),
});
export type TreatmentCreate = z.input<typeof treatmentCreateSchema>;

export const treatmentUpdateSchema = z.object({
  name: treatmentNameSchema.optional(),
  price: priceDollarsSchema.optional(),
  durationMin: durationMinSchema.optional(),
  description: z.string().trim().max(1000, 'A description has at most 1,000 characters').optional(),
  requiresDoctor: z.boolean().optional(),
  doctorIds: z.array(uuidSchema).max(100).optional(),
  /** Months after a completed visit the patient is due again (recall); null: no recall. */
  recallMonths: z.number().int('Whole months').min(1, 'At least 1 month').max(60, 'At most 60 months').nullable().optional(),
  /** False archives it: it leaves `/api/available` and `/api/service` and stays on old bookings. */
  active: z.boolean().optional(),
});
export type TreatmentUpdate = z.input<typeof treatmentUpdateSchema>;

export const adminTreatmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Dollars. */
  price: z.number(),
  durationMin: z.number().int(),
  requiresDoctor: z.boolean(),
  active: z.boolean(),
  description: z.string(),
  doctorIds: z.array(z.string()),
  /** Months after a completed visit the patient is recalled; null: never (a fresh install's). */
  recallMonths: z.number().int().nullable(),
});
export type AdminTreatment = z.infer<typeof adminTreatmentSchema>;

export const treatmentIdParamsSchema = z.object({ id: uuidSchema });

/** `?cancelFuture=true` (or `?cancelAffected=true`): cancel the bookings in the way, and mail each patient. */
const flagSchema = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
export const cancelFutureQuerySchema = z.object({ cancelFuture: flagSchema });
export const cancelAffectedQuerySchema = z.object({ cancelAffected: flagSchema });

/** A confirmed booking that a schedule change would strand, as a 409 lists it. */
export const affectedBookingSchema = z.object({
  _id: z.string(),
  date: z.string(),
  slot: z.string(),
  treatment: z.string(),
  patientName: z.string(),
  doctorId: z.string().nullable(),
});
export type AffectedBooking = z.infer<typeof affectedBookingSchema>;

// ---------------------------------------------------------------------------------------------
// Weekly hours (the clinic's, or one doctor's) and exceptions

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** ISO weekdays 1 (Monday) to 7 (Sunday), each a list of stretches; a day absent or empty is closed. */
export const weekdaysSchema = z
  .partialRecord(z.enum(WEEKDAYS), z.array(intervalSchema).max(12, 'At most 12 stretches a day'))
  .superRefine((days, ctx) => {
    for (const [day, list] of Object.entries(days)) {
      const sorted = [...(list ?? [])].sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.start < sorted[i - 1]!.end) {
          ctx.addIssue({ code: 'custom', path: [day], message: 'Stretches of one day must not overlap' });
          break;
        }
      }
    }
  });
export type Weekdays = z.infer<typeof weekdaysSchema>;

export const workingHoursQuerySchema = z.object({ doctorId: uuidSchema.optional() });

/**
 * Replaces the clinic's weekly hours (no `doctorId`), or one doctor's. For a doctor, `null`
 * means "the clinic's hours"; a doctor's own hours always sit inside the clinic's.
 */
export const workingHoursRequestSchema = z.object({ weekdays: weekdaysSchema.nullable() });

export const workingHoursSchema = z.object({
  doctorId: z.string().nullable(),
  /** Null: this doctor follows the clinic's hours. */
  weekdays: z.record(z.string(), z.array(z.object({ start: z.number(), end: z.number() }))).nullable(),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const workingHoursSavedSchema = workingHoursSchema.extend({
  /** Confirmed future bookings now outside the hours: they stand, and staff see them flagged. */
  affectedBookings: z.array(z.string()),
});

export const scheduleExceptionKindSchema = z.enum(['closed', 'open', 'blocked']);
export type ScheduleExceptionKind = z.infer<typeof scheduleExceptionKindSchema>;

/**
 * `closed`: whole days off (a holiday, leave). `open`: special hours replacing the weekly ones on
 * those days. `blocked`: a stretch taken out (training, a meeting). Without `doctorId`, for the
 * whole clinic.
 */
export const scheduleExceptionRequestSchema = z
  .object({
    doctorId: uuidSchema.nullable().optional(),
    dateFrom: dateInputSchema,
    dateTo: dateInputSchema,
    kind: scheduleExceptionKindSchema,
    startMin: minuteOfDaySchema.nullable().optional(),
    endMin: minuteOfDaySchema.nullable().optional(),
    reason: reasonSchema(200).default(''),
  })
  .superRefine((e, ctx) => {
    if (e.dateTo < e.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'The last day must not be before the first' });
    else if (daysBetween(e.dateFrom, e.dateTo) > 366) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'An exception covers at most 366 days' });
    }
    if (e.kind === 'closed') return;
    if (e.startMin == null) ctx.addIssue({ code: 'custom', path: ['startMin'], message: 'Give the start time' });
    if (e.endMin == null) ctx.addIssue({ code: 'custom', path: ['endMin'], message: 'Give the end time' });
    if (e.startMin != null && e.endMin != null && e.endMin <= e.startMin) {
      ctx.addIssue({ code: 'custom', path: ['endMin'], message: 'The end must be after the start' });
    }
  });
export type ScheduleExceptionRequest = z.input<typeof scheduleExceptionRequestSchema>;

export const scheduleExceptionSchema = z.object({
  _id: z.string(),
  doctorId: z.string().nullable(),
  dateFrom: z.string(),
  dateTo: z.string(),
  kind: scheduleExceptionKindSchema,
  startMin: z.number().nullable(),
  endMin: z.number().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type ScheduleException = z.infer<typeof scheduleExceptionSchema>;

export const scheduleExceptionListQuerySchema = z.object({
  from: dateInputSchema.optional(),
  to: dateInputSchema.optional(),
  doctorId: uuidSchema.optional(),
});

export const scheduleExceptionIdParamsSchema = z.object({ id: uuidSchema });

export const doctorIdParamsSchema = z.object({ id: uuidSchema });
export const doctorTreatmentsRequestSchema = z.object({ treatmentIds: z.array(uuidSchema).max(100) });

// ---------------------------------------------------------------------------------------------
// What patients read

/** The most days one `GET /api/calendar` answers (a range of 62 days after its first). */
export const CALENDAR_MAX_DAYS = 63;

/** `GET /api/calendar`: which days of a range are open, and how many starts are free on each. */
export const calendarQuerySchema = z
  .object({ from: dateInputSchema, to: dateInputSchema, treatmentId: uuidSchema.optional() })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
    else if (daysBetween(q.from, q.to) >= CALENDAR_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Ask for at most 62 days at a time' });
    }
  });
export const calendarDaySchema = z.object({ date: z.string(), open: z.boolean(), free: z.number().int() });
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const publicDoctorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  bio: z.string(),
  treatments: z.array(z.string()),
  /** The average of the doctor's published reviews (one decimal) and their count; null: none yet. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable().optional(),
});
export type PublicDoctor = z.infer<typeof publicDoctorSchema>;
export const publicDoctorsQuerySchema = z.object({ treatmentId: uuidSchema.optional() });

/** `GET /api/availability`: one treatment's free starts on a date, per lane (doctor). */
export const availabilityQuerySchema = z.object({
  date: dateInputSchema,
  treatmentId: uuidSchema,
  doctorId: uuidSchema.optional(),
  /** The caller's own booking being moved: its time counts as free. */
  excludeBookingId: uuidSchema.optional(),
});
export const availabilitySchema = z.object({
  date: z.string(),
  treatment: z.object({ _id: z.string(), name: z.string(), durationMin: z.number().int(), requiresDoctor: z.boolean() }),
  lanes: z.array(
    z.object({
      /** Null for a treatment that needs no doctor (its own queue). */
      doctor: z.object({ _id: z.string(), name: z.string(), img: z.string() }).nullable(),
      slots: z.array(z.object({ label: z.string(), startMin: z.number().int(), endMin: z.number().int() })),
    }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;
