/**
 * The reports' reads (practice-loop.md section 8): a few aggregate statements, each one pass over
 * the rows of the range, so a year of a busy clinic is answered from indexes in one scan each
 * rather than row by row. Counts and sums come back as numbers (`::int`, `::float8`: the drivers
 * answer bigint and numeric as strings), dates as text (a `date` would become a JS Date at
 * midnight UTC, a day off west of Greenwich).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * Runs one of the reads below, on PostgreSQL in a transaction of its own without parallel
 * workers: on a small machine starting them cost more than they saved (a year's count by day took
 * 100 ms with two workers, 17 ms without, on PostgreSQL 15 with 2 cores), and the reads run side
 * by side on the pool anyway. PGlite has no workers, and a transaction each there made the
 * summary 40 % slower (its one connection takes them in turn): it reads directly.
 */
export function reportRead<T>(db: Db, withoutWorkers: boolean, read: (tx: Db) => Promise<T>): Promise<T> {
  if (!withoutWorkers) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

export interface ReportFilter {
  from: string;
  to: string;
  doctorId?: string;
  treatmentId?: string;
}

/** The filter's conditions on a booking aliased `b`. */
function bookingFilter(f: ReportFilter): SQL {
  const parts = [sql`true`];
  if (f.doctorId) parts.push(sql`b.doctor_id = ${f.doctorId}`);
  if (f.treatmentId) parts.push(sql`b.treatment_id = ${f.treatmentId}`);
  return sql.join(parts, sql` AND `);
}

/** The range's bookings (the `date` index), filtered, as `b`. */
const rangeBookings = (f: ReportFilter) => sql`FROM bookings b WHERE b.date BETWEEN ${f.from}::date AND ${f.to}::date AND ${bookingFilter(f)}`;

/** One day's bookings by status. */
export interface BookingDayRow {
  day: string;
  confirmed: number;
  cancelled: number;
  completed: number;
  no_show: number;
}

/*
 * The booking figures are three statements, each a scan of the range with a few small groups,
 * and each figure counted once: by day only what the days need (statuses), by doctor and
 * treatment the statuses, minutes and origins, by lead time the rest. One statement grouping
 * four ways at once (GROUPING SETS) evaluates every aggregate for every set and took 1.2 s for a
 * year of a million bookings on PGlite (decision 038). Times are subtracted with `date_part`, a
 * float: `extract` answers numeric, which took 60 % longer over a year's rows.
 */

/** The range's bookings by day. */
export async function bookingDays(db: Db, f: ReportFilter): Promise<BookingDayRow[]> {
  const result = await db.execute(sql`
    SELECT b.date::text AS day,
      (count(*) FILTER (WHERE b.status = 'confirmed'))::int AS confirmed,
      (count(*) FILTER (WHERE b.status = 'cancelled'))::int AS cancelled,
      (count(*) FILTER (WHERE b.status = 'completed'))::int AS completed,
      (count(*) FILTER (WHERE b.status = 'no_show'))::int AS no_show
    ${rangeBookings(f)}
    GROUP BY b.date`);
  return rowsOf<BookingDayRow>(result);
}

/** The range's bookings by doctor (null: a treatment's own lane), treatment and status. */
export interface BookingLaneRow {
  doctor_id: string | null;
  treatment_id: string;
  status: 'confirmed' | 'cancelled' | 'completed' | 'no_show';
  /** Who made them: the patient online, the front desk, a waitlist claim, a recall link. */
  created_via: 'online' | 'admin' | 'waitlist' | 'recall';
  count: number;
  minutes: number;
}

export async function bookingLanes(db: Db, f: ReportFilter): Promise<BookingLaneRow[]> {
  const result = await db.execute(sql`
    SELECT b.doctor_id::text AS doctor_id, b.treatment_id::text AS treatment_id, b.status, b.created_via,
      count(*)::int AS count, sum(b.end_min - b.start_min)::int AS minutes
    ${rangeBookings(f)}
    GROUP BY b.doctor_id, b.treatment_id, b.status, b.created_via`);
  return rowsOf<BookingLaneRow>(result);
}

/** Bookings made a number of whole hours ahead, and the facts counted only in total. */
export interface LeadHourRow {
  hours: number;
  count: number;
  /** Cancellations by the notice given. */
  lt24h: number;
  h24to48: number;
  gt48h: number;
  /** Bookings not cancelled that the patient confirmed. */
  patient_confirmed: number;
  /** Completed visits whose patient checked in. */
  checked_in: number;
}

/**
 * How many of the range's bookings were made how many whole hours ahead (a booking made after
 * its start counts 0): the lead time's percentiles come from these counts, with no sort of the
 * year's rows. The totals of the other figures ride along in the same scan.
 */
export async function leadHours(db: Db, f: ReportFilter): Promise<LeadHourRow[]> {
  const result = await db.execute(sql`
    SELECT greatest(0, floor(date_part('epoch', b.starts_at - b.created_at) / 3600))::int AS hours, count(*)::int AS count,
      (count(*) FILTER (WHERE b.status = 'cancelled' AND b.cancelled_at > b.starts_at - interval '24 hours'))::int AS lt24h,
      (count(*) FILTER (WHERE b.status = 'cancelled' AND b.cancelled_at <= b.starts_at - interval '24 hours' AND b.cancelled_at > b.starts_at - interval '48 hours'))::int AS h24to48,
      (count(*) FILTER (WHERE b.status = 'cancelled' AND b.cancelled_at <= b.starts_at - interval '48 hours'))::int AS gt48h,
      (count(*) FILTER (WHERE b.patient_confirmed_at IS NOT NULL AND b.status <> 'cancelled'))::int AS patient_confirmed,
      (count(*) FILTER (WHERE b.arrived_at IS NOT NULL AND b.status = 'completed'))::int AS checked_in
    ${rangeBookings(f)}
    GROUP BY 1`);
  return rowsOf<LeadHourRow>(result);
}

export interface MoneyDayRow {
  day: string;
  paid_cents: number;
  refunded_cents: number;
}

/**
 * Money by the clinic's day it moved: payments by when they succeeded, refunds by when the
 * processor made them (both rows' `updated_at`, which nothing changes after they succeed), for
 * the bookings the filter names. `[fromAt, toAt)` is the range as instants.
 */
export async function moneyByDay(db: Db, f: ReportFilter, fromAt: Date, toAt: Date, timeZone: string): Promise<MoneyDayRow[]> {
  const filtered = f.doctorId !== undefined || f.treatmentId !== undefined;
  const ofBooking = (table: SQL) =>
    filtered ? sql`AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = ${table}.booking_id AND ${bookingFilter(f)})` : sql``;
  const result = await db.execute(sql`
    SELECT day, sum(paid)::float8 AS paid_cents, sum(refunded)::float8 AS refunded_cents
    FROM (
      SELECT (p.updated_at AT TIME ZONE ${timeZone})::date::text AS day, p.amount_cents AS paid, 0 AS refunded
      FROM payments p
      WHERE p.status = 'succeeded' AND p.updated_at >= ${fromAt} AND p.updated_at < ${toAt} ${ofBooking(sql`p`)}
      UNION ALL
      SELECT (r.updated_at AT TIME ZONE ${timeZone})::date::text, 0, r.amount_cents
      FROM refunds r
      WHERE r.status = 'succeeded' AND r.updated_at >= ${fromAt} AND r.updated_at < ${toAt} ${ofBooking(sql`r`)}
    ) AS money
    GROUP BY day`);
  return rowsOf<MoneyDayRow>(result);
}

export interface WaitlistFigures {
  offers: number;
  claimed: number;
  /** Distinct times offered, and those of them booked from the waitlist. */
  times: number;
  refilled: number;
  median_refill_minutes: number | null;
}

/**
 * The waitlist's offers made in `[fromAt, toAt)`. A time is one lane, day and start; it is refilled
 * when one of its offers was claimed, and its refill time runs from its first offer to the
 * waitlist booking made on it.
 */
export async function waitlistFigures(db: Db, f: ReportFilter, fromAt: Date, toAt: Date): Promise<WaitlistFigures> {
  const filters = [sql`o.created_at >= ${fromAt}`, sql`o.created_at < ${toAt}`];
  if (f.doctorId) filters.push(sql`o.doctor_id = ${f.doctorId}`);
  if (f.treatmentId) filters.push(sql`e.treatment_id = ${f.treatmentId}`);
  const result = await db.execute(sql`
    WITH o AS (
      SELECT o.lane_id, o.date, o.start_min, o.status, o.created_at
      FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
      WHERE ${sql.join(filters, sql` AND `)}
    ), times AS (
      SELECT lane_id, date, start_min, min(created_at) AS first_offer, bool_or(status = 'claimed') AS claimed
      FROM o GROUP BY lane_id, date, start_min
    ), claims AS (
      -- The waitlist's bookings on the days offered, found by the date index in one pass (a
      -- lookup per time scanned each day's bookings again: 1 s for a year on PGlite).
      SELECT b.lane_id, b.date, b.start_min, b.created_at
      FROM bookings b
      WHERE b.created_via = 'waitlist' AND b.date BETWEEN (SELECT min(date) FROM times) AND (SELECT max(date) FROM times)
    ), refills AS (
      SELECT date_part('epoch', min(c.created_at) - t.first_offer) / 60 AS minutes
      FROM times t JOIN claims c ON c.lane_id = t.lane_id AND c.date = t.date AND c.start_min = t.start_min AND c.created_at >= t.first_offer
      WHERE t.claimed
      GROUP BY t.lane_id, t.date, t.start_min, t.first_offer
    )
    SELECT
      (SELECT count(*) FROM o)::int AS offers,
      (SELECT count(*) FROM o WHERE status = 'claimed')::int AS claimed,
      (SELECT count(*) FROM times)::int AS times,
      (SELECT count(*) FROM times WHERE claimed)::int AS refilled,
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) FROM refills)::float8 AS median_refill_minutes`);
  return rowsOf<WaitlistFigures>(result)[0]!;
}

/** Recalls due in the range, and how many of them a booking closed. */
export async function recallFigures(db: Db, f: ReportFilter): Promise<{ due: number; booked: number }> {
  const filters = [sql`r.due_date BETWEEN ${f.from}::date AND ${f.to}::date`];
  if (f.treatmentId) filters.push(sql`r.treatment_id = ${f.treatmentId}`);
  // A recall belongs to the doctor of the visit that made it due.
  if (f.doctorId) filters.push(sql`EXISTS (SELECT 1 FROM bookings b WHERE b.id = r.source_booking_id AND b.doctor_id = ${f.doctorId})`);
  const result = await db.execute(sql`
    SELECT count(*)::int AS due, (count(*) FILTER (WHERE r.status = 'booked'))::int AS booked
    FROM recalls r WHERE ${sql.join(filters, sql` AND `)}`);
  return rowsOf<{ due: number; booked: number }>(result)[0]!;
}
