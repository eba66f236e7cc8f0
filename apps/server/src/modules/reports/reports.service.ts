/**
 * The owner's numbers (practice-loop.md section 8, clinic-operations.md section 3.4): the
 * repository's aggregates put together, every day and week of the range filled in, rates as
 * fractions (null where there is nothing to divide), and each doctor's open minutes from the
 * schedule rules. Decision 038 says how each figure is defined and why it is read this way.
 */
import {
  REPORTS_MAX_RANGE_DAYS,
  addDays,
  eachDay,
  isoWeekday,
  type BookingCounts,
  type ReportDay,
  type ReportWeek,
  type ReportsSummary,
} from '@clinic/shared';
import type { Db } from '../../db/client.ts';
import { instantOf } from '../../lib/clinic-time.ts';
import { clinicOpen, laneOpen, type Schedule } from '../schedule/schedule-rules.ts';
import { loadSchedule } from '../schedule/schedule-snapshot.ts';
import { bookingDays, bookingLanes, leadHours, moneyByDay, recallFigures, reportRead, waitlistFigures, type BookingDayRow, type BookingLaneRow, type LeadHourRow, type ReportFilter } from './reports.repository.ts';

export interface ReportsDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  /** PostgreSQL: each read in its own transaction without parallel workers (reportRead). */
  readsWithoutWorkers?: boolean;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const countsOf = (r: BookingDayRow | undefined): BookingCounts => ({
  confirmed: r?.confirmed ?? 0,
  cancelled: r?.cancelled ?? 0,
  completed: r?.completed ?? 0,
  noShow: r?.no_show ?? 0,
});
const STATUS_KEY = { confirmed: 'confirmed', cancelled: 'cancelled', completed: 'completed', no_show: 'noShow' } as const;

/** Status counts and booked minutes (those not cancelled) of lane rows, by a key of theirs. */
function laneTotals(rows: readonly BookingLaneRow[], keyOf: (r: BookingLaneRow) => string | null) {
  const out = new Map<string, BookingCounts & { bookedMin: number }>();
  for (const r of rows) {
    const key = keyOf(r);
    if (key === null) continue;
    const t = out.get(key) ?? { confirmed: 0, cancelled: 0, completed: 0, noShow: 0, bookedMin: 0 };
    t[STATUS_KEY[r.status]] += r.count;
    if (r.status !== 'cancelled') t.bookedMin += r.minutes;
    out.set(key, t);
  }
  return out;
}
const total = (c: BookingCounts) => c.confirmed + c.cancelled + c.completed + c.noShow;
const spanMinutes = (spans: readonly { start: number; end: number }[]) => spans.reduce((sum, s) => sum + s.end - s.start, 0);

/** The Monday of the ISO week `date` is in. */
export const weekOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/**
 * The `p`-th percentile (nearest rank) of values given as counts per value: the smallest value
 * at or below which at least `p` of them lie. Null for no values.
 */
export function percentileOfCounts(counts: ReadonlyMap<number, number>, p: number): number | null {
  const values = [...counts.keys()].sort((a, b) => a - b);
  const n = values.reduce((sum, v) => sum + counts.get(v)!, 0);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(p * n));
  let seen = 0;
  for (const v of values) {
    seen += counts.get(v)!;
    if (seen >= rank) return v;
  }
  return values[values.length - 1]!;
}

/** Each doctor's open minutes over the range's days, as the schedule rules open their lane. */
function openMinutes(schedule: Schedule, doctorIds: readonly string[], days: readonly string[]): Map<string, number> {
  const open = new Map(doctorIds.map((id) => [id, 0]));
  for (const date of days) {
    const clinic = clinicOpen(schedule, date);
    for (const id of doctorIds) open.set(id, open.get(id)! + spanMinutes(laneOpen(schedule, id, date, clinic)));
  }
  return open;
}

export function createReportsService(deps: ReportsDeps) {
  const { db, timeZone } = deps;
  const solo = deps.readsWithoutWorkers ?? false;

  async function compute(f: ReportFilter): Promise<ReportsSummary> {
    const days = eachDay(f.from, f.to, REPORTS_MAX_RANGE_DAYS + 1);
    const fromAt = instantOf(f.from, 0, timeZone);
    const toAt = instantOf(addDays(f.to, 1), 0, timeZone);
    // Past closures and leave count too: the schedule is read with the range's exceptions.
    const [days0, lanes, leads, money, waitlist, recall, schedule] = await Promise.all([
      reportRead(db, solo, (tx) => bookingDays(tx, f)),
      reportRead(db, solo, (tx) => bookingLanes(tx, f)),
      reportRead(db, solo, (tx) => leadHours(tx, f)),
      reportRead(db, solo, (tx) => moneyByDay(tx, f, fromAt, toAt, timeZone)),
      reportRead(db, solo, (tx) => waitlistFigures(tx, f, fromAt, toAt)),
      recallFigures(db, f),
      db.transaction((tx) => loadSchedule(tx, deps.now(), timeZone, f.from)),
    ]);

    const perDay = new Map(days0.map((d) => [d.day, d]));
    const perDoctor = laneTotals(lanes, (r) => r.doctor_id);
    const perTreatment = laneTotals(lanes, (r) => r.treatment_id);
    const sum = (field: keyof Omit<LeadHourRow, 'hours'>) => leads.reduce((s, g) => s + g[field], 0);
    const via = { online: 0, admin: 0, waitlist: 0, recall: 0 };
    for (const lane of lanes) via[lane.created_via] += lane.count;
    const bookings = {
      confirmed: days0.reduce((s, d) => s + d.confirmed, 0),
      cancelled: days0.reduce((s, d) => s + d.cancelled, 0),
      completed: days0.reduce((s, d) => s + d.completed, 0),
      noShow: days0.reduce((s, d) => s + d.no_show, 0),
    };

    const moneyOf = new Map(money.map((m) => [m.day, m]));
    const byDay: ReportDay[] = days.map((date) => {
      const m = moneyOf.get(date);
      const paidCents = m?.paid_cents ?? 0;
      const refundedCents = m?.refunded_cents ?? 0;
      return { date, ...countsOf(perDay.get(date)), paidCents, refundedCents, netCents: paidCents - refundedCents };
    });
    const weeks = new Map<string, ReportWeek>();
    for (const day of byDay) {
      const week = weekOf(day.date);
      const w = weeks.get(week) ?? { week, confirmed: 0, cancelled: 0, completed: 0, noShow: 0, paidCents: 0, refundedCents: 0, netCents: 0 };
      for (const k of ['confirmed', 'cancelled', 'completed', 'noShow', 'paidCents', 'refundedCents', 'netCents'] as const) w[k] += day[k];
      weeks.set(week, w);
    }
    const paidCents = byDay.reduce((s, d) => s + d.paidCents, 0);
    const refundedCents = byDay.reduce((s, d) => s + d.refundedCents, 0);

    // The doctors: the one asked for; else those who work (active) or worked in the range, and
    // with a treatment asked for, only its doctors and those who did it.
    const treatment = f.treatmentId ? schedule.treatments.find((t) => t.id === f.treatmentId) : undefined;
    const doctorIds = f.doctorId
      ? [f.doctorId]
      : [...schedule.doctors.values()]
          .filter((d) => perDoctor.has(d.id) || (d.active && (!f.treatmentId || treatment?.doctorIds.includes(d.id))))
          .map((d) => d.id);
    const open = openMinutes(schedule, doctorIds.filter((id) => schedule.doctors.has(id)), days);

    const leadCounts = new Map(leads.map((l) => [l.hours, l.count]));
    const leadDays = (p: number) => {
      const hours = percentileOfCounts(leadCounts, p);
      return hours === null ? null : Math.round((hours / 24) * 10) / 10;
    };

    return {
      from: f.from,
      to: f.to,
      bookings,
      noShowRate: ratio(bookings.noShow, bookings.completed + bookings.noShow),
      cancellations: { lt24h: sum('lt24h'), h24to48: sum('h24to48'), gt48h: sum('gt48h') },
      leadTimeDays: { p50: leadDays(0.5), p90: leadDays(0.9) },
      byTreatment: [...perTreatment.entries()]
        .map(([id, g]) => ({ treatmentId: id, name: schedule.treatments.find((t) => t.id === id)?.name ?? 'Removed treatment', ...g }))
        .sort((a, b) => total(b) - total(a) || a.name.localeCompare(b.name)),
      byDoctor: doctorIds
        .filter((id) => schedule.doctors.has(id))
        .map((id) => {
          const g = perDoctor.get(id);
          const bookedMin = g?.bookedMin ?? 0;
          const openMin = open.get(id) ?? 0;
          // Bookings kept after their hours were cut can exceed the open minutes: a full lane is 1.
          const utilization = ratio(bookedMin, openMin);
          return { doctorId: id, name: schedule.doctors.get(id)!.name, bookings: g ? total(g) : 0, bookedMin, openMin, utilization: utilization === null ? null : Math.min(1, utilization) };
        }),
      revenue: {
        paidCents,
        refundedCents,
        netCents: paidCents - refundedCents,
        byDay: byDay.map(({ date, paidCents, refundedCents, netCents }) => ({ date, paidCents, refundedCents, netCents })),
      },
      byDay,
      byWeek: [...weeks.values()],
      waitlist: {
        offers: waitlist.offers,
        claimed: waitlist.claimed,
        fillRate: ratio(waitlist.refilled, waitlist.times),
        medianRefillMinutes: waitlist.median_refill_minutes === null ? null : Math.round(waitlist.median_refill_minutes),
      },
      createdVia: via,
      confirmationRate: ratio(sum('patient_confirmed'), bookings.confirmed + bookings.completed + bookings.noShow),
      checkInRate: ratio(sum('checked_in'), bookings.completed),
      recall: { due: recall.due, booked: recall.booked, reactivationRate: ratio(recall.booked, recall.due) },
    };
  }

  // One summary at a time per instance: each takes five pooled connections on PostgreSQL for
  // about half a second, and owners opening reports at once must not take the pool the booking
  // path needs (20 connections). The next one starts when the previous one settles.
  let last: Promise<unknown> = Promise.resolve();
  function summary(f: ReportFilter): Promise<ReportsSummary> {
    const run = last.then(() => compute(f));
    last = run.catch(() => undefined);
    return run;
  }

  /** The summary by day as RFC 4180 text, money in the clinic's units with two decimals. */
  async function csv(f: ReportFilter): Promise<string> {
    const { byDay } = await summary(f);
    const money = (cents: number) => (cents / 100).toFixed(2);
    const lines = [
      'date,confirmed,cancelled,completed,no_show,paid,refunded,net',
      ...byDay.map((d) => [d.date, d.confirmed, d.cancelled, d.completed, d.noShow, money(d.paidCents), money(d.refundedCents), money(d.netCents)].join(',')),
    ];
    return `${lines.join('\r\n')}\r\n`;
  }

  return { summary, csv };
}

export type ReportsService = ReturnType<typeof createReportsService>;
