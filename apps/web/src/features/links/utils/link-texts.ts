/**
 * What the signed-link page says: its heading per purpose, the result of an action, and the
 * screens of a link that cannot act (unknown, expired, used).
 */
import {
  bookingConflictSchema,
  ErrorCode,
  isoWeekday,
  parseDateInput,
  type LinkBooking,
  type LinkPurpose,
  type LinkResult,
} from '@clinic/shared';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';

export const linkHeadings: Record<LinkPurpose, string> = {
  confirm: 'Confirm your appointment',
  reschedule: 'Move your appointment',
  cancel: 'Cancel your appointment',
  'check-in': 'Your appointment today',
  recall: 'Time for your check-up',
  guardian: 'Manage a family member’s appointments',
  handover: 'Your own account',
};

/** The purposes a reminder's links have, on whose page the patient can also ask for a call. */
export function isReminderPurpose(purpose: LinkPurpose): boolean {
  return purpose === 'confirm' || purpose === 'reschedule' || purpose === 'cancel';
}

export const CALLBACK_DONE_TEXT = 'We will call you.';
export const CALLBACK_OPEN_TEXT = 'You asked us to call you; we will.';
export const STOPPED_TEXT = 'You will get no more reminder emails.';
export const RECALL_STOPPED_TEXT = 'You will get no more check-up reminders.';
export const SNOOZED_TEXT = "We'll remind you again in a month.";

const WEEKDAYS_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A day offered to book, with its weekday: `Sat, Nov 23, 2030`. */
export function weekdayDateOf(value: string): string {
  const iso = parseDateInput(value.slice(0, 10));
  if (!iso) return value;
  return `${WEEKDAYS_SHORT[isoWeekday(iso) - 1]}, ${mediumDateOf(iso)}`;
}

function withDoctor(booking: Pick<LinkBooking, 'doctor'>): string {
  return booking.doctor ? ` with ${doctorTitle(booking.doctor)}` : '';
}

/** What a done action says; `booking` is the one the link showed, in case the answer has none. */
export function resultText(
  result: LinkResult,
  firstName: string,
  shown: LinkBooking | undefined,
): string {
  const booking = result.booking ?? shown;
  switch (result.done) {
    case 'confirmed':
      return booking
        ? `You're confirmed, ${firstName}. See you on ${mediumDateOf(booking.date)} at ${booking.slot}.`
        : `You're confirmed, ${firstName}.`;
    case 'cancelled':
      return 'Your appointment is cancelled.';
    case 'rescheduled':
      return booking
        ? `Your appointment is moved to ${mediumDateOf(booking.date)} at ${booking.slot}${withDoctor(booking)}.`
        : 'Your appointment is moved.';
    case 'booked':
      return booking
        ? `You're booked, ${firstName}: ${mediumDateOf(booking.date)} at ${booking.slot}${withDoctor(booking)}.`
        : `You're booked, ${firstName}.`;
    case 'checked-in':
      return `You're checked in, ${firstName}. Please take a seat; we'll call you.`;
    case 'callback':
      return CALLBACK_DONE_TEXT;
    case 'stopped':
      return STOPPED_TEXT;
    case 'snoozed':
      return SNOOZED_TEXT;
    case 'guardian-added':
      return `You now manage ${firstName}'s appointments. They are on My Appointments.`;
    case 'handed-over':
      return `Your account is ready, ${firstName}. Please log in with your email and the password you chose.`;
  }
}

export type LinkProblem = { heading: string; detail: string };

/**
 * The answers that mean the link cannot act at all (asking again will not help): unknown (404),
 * expired (410), used or made for an appointment that has changed since (409 `link_used`).
 * Null for anything else, which is worth a retry.
 */
export function linkProblemOf(error: unknown): LinkProblem | null {
  if (!isApiError(error)) return null;
  if (error.status === 404) {
    return { heading: 'This link is not valid', detail: error.detail ?? 'This link is not valid.' };
  }
  if (error.status === 410 || error.code === ErrorCode.LINK_EXPIRED) {
    return {
      heading: 'This link has expired',
      detail: error.detail ?? 'This link has expired.',
    };
  }
  if (error.code === ErrorCode.LINK_USED) {
    return {
      heading: 'This link no longer works',
      detail: error.detail ?? 'This link has already been used.',
    };
  }
  return null;
}

/**
 * Whether a booking or a move was refused because the time is not free (any more): the spec's conflict body
 * (`{ success: false, booking }`) or a problem `conflict` / `slot_taken`, not a closed window or
 * a used link (409s too).
 */
export function isTimeTaken(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  return (
    error.code === ErrorCode.CONFLICT ||
    error.code === ErrorCode.SLOT_TAKEN ||
    bookingConflictSchema.safeParse(error.body).success
  );
}

export const TIME_TAKEN_TEXT = 'This time is no longer free. Please choose another one.';

/**
 * Why a booking or a move was refused, in the server's words; a time taken meanwhile says so
 * even when the server's answer has no detail.
 */
export function timeRefusalText(error: unknown): string {
  if (!isTimeTaken(error)) return errorMessage(error);
  return (isApiError(error) && error.detail) || TIME_TAKEN_TEXT;
}
