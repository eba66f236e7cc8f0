/**
 * The owner's numbers (`GET /api/admin/reports/summary`, clinic-operations.md section 3.4 and
 * practice-loop.md section 8). Every figure is about the appointments whose day (in the clinic's
 * zone) is in the range, except money (by the day it was taken or refunded), waitlist offers (by
 * the day they were made) and recalls (by their due date).
 *
 * A rate is a fraction from 0 to 1, or null when there is nothing to divide by (no finished
 * visits, no open minutes): a report never shows 0 % for "no data".
 */
import { z } from 'zod';
import { dateInputSchema } from './booking.ts';
import { daysBetween } from './dates.ts';
import { uuidSchema } from './validation.ts';

/** The longest range one report covers, as the front desk's list. */
export const REPORTS_MAX_RANGE_DAYS = 366;

export const reportsQuerySchema = z
  .object({
    from: dateInputSchema,
    to: dateInputSchema,
    doctorId: uuidSchema.optional(),
    treatmentId: uuidSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
    else if (daysBetween(q.from, q.to) > REPORTS_MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Ask for at most ${REPORTS_MAX_RANGE_DAYS} days at a time` });
    }
  });
export type ReportsQuery = z.input<typeof reportsQuerySchema>;

const count = z.number().int().nonnegative();
const cents = z.number().int();
const rate = z.number().min(0).max(1).nullable();

/** Appointments by what became of them. */
export const bookingCountsSchema = z.object({ confirmed: count, cancelled: count, completed: count, noShow: count });
export type BookingCounts = z.infer<typeof bookingCountsSchema>;

export const moneySchema = z.object({ paidCents: cents, refundedCents: cents, netCents: cents });
export type Money = z.infer<typeof moneySchema>;

/** One day of the report (the CSV's row); `date` is the clinic's day. */
export const reportDaySchema = bookingCountsSchema.merge(moneySchema).extend({ date: z.string() });
export type ReportDay = z.infer<typeof reportDaySchema>;

/** One week, Monday to Sunday; `week` is its Monday (weeks cut by the range hold only its days). */
export const reportWeekSchema = bookingCountsSchema.merge(moneySchema).extend({ week: z.string() });
export type ReportWeek = z.infer<typeof reportWeekSchema>;

export const reportsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  bookings: bookingCountsSchema,
  /** No-shows over finished visits (completed + no-show). */
  noShowRate: rate,
  /** Cancelled appointments by the notice given: under 24 hours, 24 to 48 hours, 48 hours or more. */
  cancellations: z.object({ lt24h: count, h24to48: count, gt48h: count }),
  /** How far ahead appointments were made, in days (to the nearest hour): the median and the 90th percentile. */
  leadTimeDays: z.object({ p50: z.number().nullable(), p90: z.number().nullable() }),
  byTreatment: z.array(
    bookingCountsSchema.extend({ treatmentId: z.string(), name: z.string(), bookedMin: count }),
  ),
  /**
   * Each doctor's booked minutes (appointments not cancelled) over their open minutes (their hours
   * as the schedule has them now, with the range's closures, leave and blocks).
   */
  byDoctor: z.array(
    z.object({ doctorId: z.string(), name: z.string(), bookings: count, bookedMin: count, openMin: count, utilization: rate }),
  ),
  revenue: moneySchema.extend({ byDay: z.array(reportDaySchema.pick({ date: true, paidCents: true, refundedCents: true, netCents: true })) }),
  /** Every day and week of the range, empty ones included, for charts and the CSV. */
  byDay: z.array(reportDaySchema),
  byWeek: z.array(reportWeekSchema),
  /**
   * Offers made in the range; `claimed`: those booked; `fillRate`: freed times offered that were
   * booked from the waitlist; `medianRefillMinutes`: from a time's first offer to its booking.
   */
  waitlist: z.object({ offers: count, claimed: count, fillRate: rate, medianRefillMinutes: z.number().nullable() }),
  /** Who made the appointments: the patient online, the front desk, a waitlist claim, a recall link. */
  createdVia: z.object({ online: count, admin: count, waitlist: count, recall: count }),
  /** Appointments not cancelled that the patient confirmed from a reminder. */
  confirmationRate: rate,
  /** Completed visits whose patient checked in themselves. */
  checkInRate: rate,
  /** Recalls due in the range, those booked, and their ratio. */
  recall: z.object({ due: count, booked: count, reactivationRate: rate }),
});
export type ReportsSummary = z.infer<typeof reportsSummarySchema>;
