/**
 * The schedule admin's pure pieces: a treatment and an exception as the API answers them, the
 * 409 that lists the bookings a change would strand, and whether a booking still fits.
 */
import { ErrorCode, type AdminTreatment, type AffectedBooking, type ScheduleException } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import { fitsIn } from '../../lib/spans.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Caller } from '../identity/caller.ts';
import { clinicOpen, laneOpen, type Schedule } from './schedule-rules.ts';
import type { ScheduleExceptionRow } from './schedule.repository.ts';

/** A confirmed booking as a schedule change reads it. */
export interface BookingRow {
  id: string;
  date: string;
  slot: string;
  treatmentName: string;
  patientName: string;
  doctorId: string | null;
  laneId: string;
  startMin: number;
  endMin: number;
}

/** Which confirmed bookings, from a date on, a change asks about. */
export interface ConfirmedFilter {
  fromDate: string;
  toDate?: string;
  treatmentId?: string;
  laneId?: string;
  doctorId?: string;
}

/**
 * What a schedule change asks of bookings, declared here so that the schedule module does not
 * import the booking module (which reads the schedule): the booking module's port
 * (booking/booking-ports.ts) fits it, and app.ts hands that over.
 */
export interface BookingsPort {
  confirmedFrom(tx: Db, filter: ConfirmedFilter): Promise<BookingRow[]>;
  /** Cancels them as the clinic, through the booking module's one release path, in `work`. */
  cancelByClinic(work: UnitOfWork, ids: string[], reason: string, caller: Caller): Promise<unknown>;
  setDoctors(tx: Db, moves: { id: string; doctorId: string | null }[]): Promise<void>;
  isReferenced(tx: Db, ref: { treatmentId?: string; doctorId?: string }): Promise<boolean>;
}

export const cents = (dollars: number) => Math.round(dollars * 100);

export function toAdminTreatment(s: Schedule, id: string): AdminTreatment {
  const t = s.treatments.find((x) => x.id === id)!;
  return {
    _id: t.id,
    name: t.name,
    price: t.priceCents / 100,
    durationMin: t.durationMin,
    requiresDoctor: t.requiresDoctor,
    active: t.active,
    description: t.description,
    recallMonths: t.recallMonths,
    doctorIds: t.doctorIds,
  };
}

export const affected = (rows: BookingRow[]): AffectedBooking[] =>
  rows.map((b) => ({ _id: b.id, date: b.date, slot: b.slot, treatment: b.treatmentName, patientName: b.patientName, doctorId: b.doctorId }));

const CONFIRM_TO_CANCEL = 'confirm to cancel them and notify each patient, or change the dates.';

export function strandedError(rows: BookingRow[], what: string, advice = CONFIRM_TO_CANCEL): AppError {
  return new AppError(
    ErrorCode.HAS_FUTURE_BOOKINGS,
    `${what} would cancel ${rows.length} confirmed booking${rows.length === 1 ? '' : 's'}; ${advice}`,
    { extra: { count: rows.length, bookings: affected(rows) } },
  );
}

/** Whether a booking still fits the schedule: its lane open for its whole time. */
export function fitsSchedule(s: Schedule, b: Pick<BookingRow, 'laneId' | 'date' | 'startMin' | 'endMin'>): boolean {
  const open = laneOpen(s, b.laneId, b.date, clinicOpen(s, b.date));
  return fitsIn(open, { start: b.startMin, end: b.endMin });
}

export function exceptionDto(e: ScheduleExceptionRow): ScheduleException {
  return {
    _id: e.id,
    doctorId: e.doctorId,
    dateFrom: e.dateFrom,
    dateTo: e.dateTo,
    kind: e.kind,
    startMin: e.startMin,
    endMin: e.endMin,
    reason: e.reason,
    createdAt: e.createdAt.toISOString(),
  };
}

/** `{ "1": [...], …, "7": [...] }` of a weekly plan. */
export function weekdaysOf(week: { start: number; end: number }[][] | undefined) {
  if (!week) return null;
  return Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), (week[d] ?? []).map((i) => ({ start: i.start, end: i.end }))]));
}
