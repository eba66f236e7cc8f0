/**
 * What the appointment pages say about a booking: its deadlines, its payment and
 * refund, its history, and why a change is not possible online.
 */
import type { VisitsText } from '../../../i18n/visits.ts';
import { ErrorCode, type Booking, type BookingEvent } from '@clinic/shared';
import { isApiError } from '../../../lib/api-client.ts';
import {
  visitDate,
  visitMoney,
  visitSlot,
  visitsDetail,
  visitsText,
} from '../../../i18n/visits.ts';

/**
 * Dollars as the spec shows prices: `$17`, and cents only when there are some (`$17.50`); in
 * Spanish and German as their language writes them.
 */
export function dollars(amount: number): string {
  return visitMoney(amount);
}

export const REFUND_FAILED_TEXT = 'The refund could not be completed; the clinic will contact you.';

export function refundText(refund: NonNullable<Booking['refund']>): string {
  switch (refund.status) {
    case 'pending':
      return visitsText('Refund pending');
    case 'succeeded':
      return visitsText('Refunded {{amount}}', { amount: dollars(refund.amount) });
    case 'failed':
      return visitsText(REFUND_FAILED_TEXT);
  }
}

/**
 * How long before the appointment online changes close: the deadline is the start less the
 * clinic's notice (24 hours unless the clinic set another), so the notice is read off the two.
 */
export function noticeHours(booking: Pick<Booking, 'startsAt'>, deadline: string | null): number {
  const hours = deadline ? (Date.parse(booking.startsAt) - Date.parse(deadline)) / 3_600_000 : NaN;
  return Number.isFinite(hours) && hours > 0 ? Math.round(hours) : 24;
}

function hoursText(hours: number): string {
  return hours === 1 ? visitsText('1 hour') : visitsText('{{hours}} hours', { hours });
}

/**
 * Under the disabled button of a change the patient can no longer make online: the deadline of
 * that change has passed, or (no deadline) the clinic takes no such change online at all.
 */
export function windowClosedText(
  booking: Pick<Booking, 'startsAt'>,
  deadline: string | null,
): string {
  if (deadline === null)
    return visitsText('This appointment cannot be changed online. Please call the clinic.');
  return visitsText('Changes close {{hours}} before your appointment. Please call the clinic.', {
    hours: hoursText(noticeHours(booking, deadline)),
  });
}

export const SLOT_TAKEN_TEXT = 'The time you have selected is no longer available.';
export const STALE_VERSION_TEXT =
  'This appointment changed meanwhile; please review it and try again.';

/**
 * The server's `{ deadline, clinicPhone }` beside a 409 `cancel_window_closed` or
 * `reschedule_window_closed`, or null for any other error.
 */
function closedWindowOf(error: unknown): { deadline?: string; clinicPhone?: string } | null {
  if (!isApiError(error) || error.status !== 409) return null;
  if (
    error.code !== ErrorCode.CANCEL_WINDOW_CLOSED &&
    error.code !== ErrorCode.RESCHEDULE_WINDOW_CLOSED
  ) {
    return null;
  }
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<
    string,
    unknown
  >;
  return {
    ...(typeof body.deadline === 'string' && { deadline: body.deadline }),
    ...(typeof body.clinicPhone === 'string' &&
      body.clinicPhone && { clinicPhone: body.clinicPhone }),
  };
}

/**
 * The words for a refusal because the deadline has passed: the server's own, or ours with the
 * clinic's phone from the answer. Null when the error is not that refusal.
 */
export function closedWindowMessage(
  error: unknown,
  booking: Pick<Booking, 'startsAt' | 'cancelDeadline' | 'rescheduleDeadline'>,
): string | null {
  const closed = closedWindowOf(error);
  if (!closed || !isApiError(error)) return null;
  const body = error.body as { title?: unknown } | undefined;
  // The error handler puts the status's title in `detail` when the service gave no words.
  if (error.detail && error.detail !== body?.title) return visitsDetail(error.detail);
  const hours = noticeHours(booking, closed.deadline ?? booking.cancelDeadline);
  return closed.clinicPhone
    ? visitsText('Changes close {{hours}} before your appointment. Please call {{phone}}.', {
        hours: hoursText(hours),
        phone: closed.clinicPhone,
      })
    : visitsText('Changes close {{hours}} before your appointment. Please call the clinic.', {
        hours: hoursText(hours),
      });
}

const actorText = {
  patient: 'by you',
  admin: 'by the clinic',
  system: 'automatically',
} as const satisfies Record<BookingEvent['actor'], string>;

const statusText: Partial<Record<string, VisitsText>> = {
  confirmed: 'Confirmed',
  completed: 'Marked completed',
  no_show: 'Marked as a no-show',
  arrived: 'Checked in',
  cancelled: 'Cancelled',
};

function stringAt(data: Record<string, unknown>, ...path: string[]): string | undefined {
  let value: unknown = data;
  for (const key of path) {
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function whenText(data: Record<string, unknown>, key: string): string | undefined {
  const date = stringAt(data, key, 'date');
  const slot = stringAt(data, key, 'slot');
  return date && slot
    ? visitsText('{{date}} at {{slot}}', { date: visitDate(date), slot: visitSlot(slot) })
    : undefined;
}

/**
 * One line of the history. The event's `data` is read defensively: what each kind carries is
 * the server's, and a line still makes sense without it.
 */
export function eventText(event: BookingEvent): string {
  const { data } = event;
  const by = visitsText(actorText[event.actor]);
  switch (event.type) {
    case 'created':
      return visitsText('Booked {{by}}', { by });
    case 'rescheduled': {
      const from = whenText(data, 'from');
      const to = whenText(data, 'to');
      if (to && from) return visitsText('Moved to {{to}} (was {{from}}) {{by}}', { to, from, by });
      if (to) return visitsText('Moved to {{to}} {{by}}', { to, by });
      if (from) return visitsText('Moved (was {{from}}) {{by}}', { from, by });
      return visitsText('Moved {{by}}', { by });
    }
    case 'cancelled': {
      const reason = stringAt(data, 'reason');
      const who = visitsText(
        event.actor === 'patient' ? 'Cancelled online' : 'Cancelled by the clinic',
      );
      return reason ? `${who}: ${reason}` : who;
    }
    case 'status': {
      const status = stringAt(data, 'status') ?? stringAt(data, 'to');
      const what = (status && statusText[status]) || 'Status changed';
      return visitsText('{{status}} {{by}}', { status: visitsText(what), by });
    }
    case 'paid':
      return typeof data.amount === 'number'
        ? visitsText('Paid {{amount}}', { amount: dollars(data.amount) })
        : visitsText('Paid');
    case 'refund': {
      const status = stringAt(data, 'status');
      const amount = typeof data.amount === 'number' ? data.amount : undefined;
      if (status === 'failed') return visitsText('Refund failed');
      if (status === 'succeeded')
        return amount === undefined
          ? visitsText('Refunded')
          : visitsText('Refunded {{amount}}', { amount: dollars(amount) });
      return amount === undefined
        ? visitsText('Refund started')
        : visitsText('Refund of {{amount}} started', { amount: dollars(amount) });
    }
  }
}
