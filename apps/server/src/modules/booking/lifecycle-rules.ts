/**
 * The booking lifecycle's rules in one place, pure (no database, no clock of its own): who may
 * move a booking from which status to which and when, the patients' notice windows, what a
 * cancellation refunds and how it is recorded. The service asks; repositories write what it
 * decided, with the actor and the time as arguments (design clinic-operations.md sections 2.4,
 * 5.1-5.3; decision 030).
 */
import { ErrorCode } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A patient is marked as not come this long after the start at the earliest. */
export const NO_SHOW_AFTER_MINUTES = 15;
/** An outcome (completed, no-show) can be corrected this long after the start. */
export const CORRECTION_DAYS = 14;

export type BookingStatus = 'confirmed' | 'cancelled' | 'completed' | 'no_show';
/** What staff may mark (`PATCH /api/admin/bookings/:id/status`). */
export type MarkableStatus = 'completed' | 'no_show' | 'confirmed';

/** The patients' own changes (CANCEL_NOTICE_HOURS, RESCHEDULE_NOTICE_HOURS, REFUND_ON_PATIENT_CANCEL, CLINIC_PHONE). */
export interface LifecycleRules {
  cancelNoticeHours: number;
  rescheduleNoticeHours: number;
  refundOnPatientCancel: 'full' | 'none';
  clinicPhone: string;
}

/** Until when a patient may change a booking themselves: null when never online (-1). */
export function deadlineOf(startsAt: Date, noticeHours: number): Date | null {
  return noticeHours < 0 ? null : new Date(startsAt.getTime() - noticeHours * HOUR);
}

/** Whether a patient may still cancel or move a confirmed booking themselves at `now`. */
export function patientMayChange(booking: { status: BookingStatus; startsAt: Date }, noticeHours: number, now: Date): boolean {
  const deadline = deadlineOf(booking.startsAt, noticeHours);
  return booking.status === 'confirmed' && deadline !== null && now < deadline && now < booking.startsAt;
}

/**
 * The transition table for staff marks: from each status, to each markable status, the reason
 * it is refused at `now`, or null when it is allowed. A mark to the status the booking already
 * has is no change (null).
 *
 * | from \ to  | completed        | no_show                  | confirmed                 |
 * |------------|------------------|--------------------------|---------------------------|
 * | confirmed  | from the start   | 15 min after the start   | (no change)               |
 * | completed  | (no change)      | within 14 days of start  | within 14 days of start   |
 * | no_show    | within 14 days   | (no change)              | within 14 days of start   |
 * | cancelled  | never            | never                    | never                     |
 */
export function statusMarkRefusal(booking: { status: BookingStatus; startsAt: Date }, to: MarkableStatus, now: Date): string | null {
  const from = booking.status;
  if (from === 'cancelled') return 'This booking was cancelled; its status cannot change.';
  if (from === to) return null;
  const sinceStart = now.getTime() - booking.startsAt.getTime();
  if (from === 'confirmed') {
    if (to === 'completed' && sinceStart < 0) return 'This appointment has not started yet.';
    if (to === 'no_show' && sinceStart < NO_SHOW_AFTER_MINUTES * MINUTE) {
      return 'A patient is marked as not come 15 minutes after the start at the earliest.';
    }
    return null;
  }
  return sinceStart <= CORRECTION_DAYS * DAY ? null : 'An outcome can be corrected within 14 days of the appointment.';
}

/** The front desk cancels a confirmed booking until it starts (no notice window); after, it marks an outcome. */
export function staffCancelRefusal(booking: { startsAt: Date }, now: Date): string | null {
  return now >= booking.startsAt ? 'This appointment has started; mark it completed or no-show instead.' : null;
}

/**
 * Why a booking is being cancelled. Every cancellation takes one release path (release.ts);
 * the cause decides the refund and the mail, the actor is who is recorded.
 * - `patient`: the patient cancels their own booking.
 * - `staff`: the front desk cancels one booking, choosing the refund.
 * - `clinic`: a schedule change strands it (a closure, a doctor or treatment taken away).
 * - `account`: the patient's account is removed (by the clinic) or deleted (by the patient).
 */
export type CancelCause = 'patient' | 'staff' | 'clinic' | 'account';

/** Who cancelled, as the row and its history record it: a person with their role, or the system. */
export type CancelActor = { kind: 'patient' | 'admin'; id: string; email: string } | { kind: 'system' };

/** A refund to queue: everything left of what was paid, nothing, or an amount in cents. */
export type RefundChoice = 'full' | 'none' | number;

/**
 * What a cancellation refunds: the patient's per REFUND_ON_PATIENT_CANCEL; the front desk's what
 * it chose; the clinic's and an account removal's everything paid (design section 5.3; decision
 * 014 promised the latter once refunds existed).
 */
export function refundFor(cause: CancelCause, rules: Pick<LifecycleRules, 'refundOnPatientCancel'>, chosen?: RefundChoice): RefundChoice {
  switch (cause) {
    case 'patient':
      return rules.refundOnPatientCancel === 'full' ? 'full' : 'none';
    case 'staff':
      return chosen ?? 'none';
    case 'clinic':
    case 'account':
      return 'full';
  }
}

/** The refund's reason as the processor records it (Stripe's `requested_by_customer` for the patient's own). */
export function refundReason(cause: CancelCause, reason: string): string {
  if (cause === 'patient') return 'requested_by_customer';
  if (cause === 'account') return reason || 'The account was removed';
  return reason;
}

/** The patient's notice window has closed: how to say so, with the clinic's phone. */
export function windowClosedError(lifecycle: LifecycleRules, code: ErrorCode, deadline: Date | null, verb: 'cancelled' | 'moved') {
  const phone = lifecycle.clinicPhone ? ` Please call ${lifecycle.clinicPhone}.` : ' Please call the clinic.';
  const message = deadline === null
    ? `Appointments cannot be ${verb} online.${phone}`
    : `Changes close ${code === ErrorCode.CANCEL_WINDOW_CLOSED ? lifecycle.cancelNoticeHours : lifecycle.rescheduleNoticeHours} hours before your appointment.${phone}`;
  return new AppError(code, message, { extra: { deadline: deadline?.toISOString() ?? null, clinicPhone: lifecycle.clinicPhone } });
}
