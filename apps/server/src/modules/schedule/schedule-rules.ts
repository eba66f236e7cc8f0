/**
 * When the clinic and each lane are open (design clinic-operations.md section 2.5), as pure
 * functions of a schedule snapshot: no clock, no database.
 *
 *   clinicOpen(D) = closed(clinic, D) ? none : (special hours(clinic, D) ?? weekly(clinic, weekday(D)))
 *                   minus blocked(clinic, D)
 *   open(lane, D) = treatment lane: clinicOpen(D)
 *                   doctor lane:    closed(doctor, D) ? none
 *                                   : clinicOpen(D) ∩ (special(doctor, D) ?? weekly(doctor) ?? clinicOpen(D))
 *                                     minus blocked(doctor, D)
 *
 * A lane is what serves one appointment at a time: a doctor, for a treatment that requires one,
 * else the treatment itself (its own queue, as every treatment was before doctors had schedules).
 */
import { isoWeekday } from '@clinic/shared';
import { intersect, normalise, subtract, type Span } from '../../lib/spans.ts';

export interface ScheduleTreatment {
  id: string;
  name: string;
  priceCents: number;
  durationMin: number;
  requiresDoctor: boolean;
  active: boolean;
  description: string;
  /** Months after a completed visit its patient is recalled; null: never. */
  recallMonths: number | null;
  /** Doctors linked to it (active or not), in id order. */
  doctorIds: string[];
}

export interface ScheduleDoctor {
  id: string;
  name: string;
  email: string;
  img: string;
  bio: string;
  active: boolean;
}

export interface ScheduleExceptionRow {
  id: string;
  doctorId: string | null;
  dateFrom: string;
  dateTo: string;
  kind: 'closed' | 'open' | 'blocked';
  startMin: number | null;
  endMin: number | null;
}

/** Weekly hours: index 1 (Monday) to 7 (Sunday), each day's spans; index 0 unused. */
export type Weekly = Span[][];

export interface Schedule {
  /** `clinic_state.schedule_version` when read: a booking transaction compares it. */
  version: number;
  /** Every treatment, archived ones included, in the clinic's order. */
  treatments: ScheduleTreatment[];
  doctors: Map<string, ScheduleDoctor>;
  clinicWeekly: Weekly;
  /** Doctors with hours of their own; the others follow the clinic's. */
  doctorWeekly: Map<string, Weekly>;
  exceptions: ScheduleExceptionRow[];
}

export const emptyWeek = (): Weekly => Array.from({ length: 8 }, () => []);

const covers = (e: ScheduleExceptionRow, date: string) => e.dateFrom <= date && date <= e.dateTo;
const spanOf = (e: ScheduleExceptionRow): Span => ({ start: e.startMin!, end: e.endMin! });

function exceptionsOn(schedule: Schedule, doctorId: string | null, date: string) {
  const on = schedule.exceptions.filter((e) => e.doctorId === doctorId && covers(e, date));
  return {
    closed: on.some((e) => e.kind === 'closed'),
    special: on.filter((e) => e.kind === 'open').map(spanOf),
    blocked: on.filter((e) => e.kind === 'blocked').map(spanOf),
  };
}

/** The clinic's open spans on `date`. */
export function clinicOpen(schedule: Schedule, date: string): Span[] {
  const { closed, special, blocked } = exceptionsOn(schedule, null, date);
  if (closed) return [];
  const base = special.length > 0 ? special : schedule.clinicWeekly[isoWeekday(date)] ?? [];
  return subtract(normalise(base), blocked);
}

/** A lane's open spans on `date`: `laneId` is a doctor's id, or the treatment's own. */
export function laneOpen(schedule: Schedule, laneId: string, date: string, clinic = clinicOpen(schedule, date)): Span[] {
  if (!schedule.doctors.has(laneId)) return clinic;
  const { closed, special, blocked } = exceptionsOn(schedule, laneId, date);
  if (closed) return [];
  const own = special.length > 0 ? special : schedule.doctorWeekly.get(laneId)?.[isoWeekday(date)];
  return subtract(own === undefined ? clinic : intersect(clinic, own), blocked);
}

/**
 * The lanes a booking of `treatment` may take, in id order: its own queue, or its active doctors
 * (only `doctorId` when one is asked for). Empty when the doctor asked for does not perform it.
 */
export function lanesOf(schedule: Schedule, treatment: ScheduleTreatment, doctorId?: string): string[] {
  if (!treatment.requiresDoctor) return [treatment.id];
  return treatment.doctorIds.filter((id) => schedule.doctors.get(id)?.active && (doctorId === undefined || id === doctorId));
}

/** Every treatment patients can book, in the clinic's order. */
export const bookableTreatments = (schedule: Schedule) => schedule.treatments.filter((t) => t.active);
