/**
 * Which of a row's actions the front desk is offered at `now`, following the server's rules
 * (lifecycle-rules.ts: statusMarkRefusal, staffCancelRefusal) so that no button leads to a
 * refusal: an outcome once the appointment has started (a no-show 15 minutes after the start),
 * a correction of it within 14 days, cancelling only until the start; a payment taken at the desk
 * for any booking not cancelled, not paid and with a price (payments.service.ts: recordAtDesk),
 * before the visit or after it, even a no-show's.
 */
import type { AdminBooking } from '@clinic/shared';

const MINUTE = 60_000;
export const NO_SHOW_AFTER_MINUTES = 15;
export const CORRECTION_DAYS = 14;

export type RowActions = {
  canComplete: boolean;
  canMarkNoShow: boolean;
  canReschedule: boolean;
  canCancel: boolean;
  canRecordPayment: boolean;
};

/** Whether the desk may take the booking's price in person: unpaid, not cancelled, not free. */
export function canRecordPayment(
  booking: Pick<AdminBooking, 'status' | 'price' | 'payment'>,
): boolean {
  return booking.status !== 'cancelled' && !booking.payment.paid && booking.price > 0;
}

/** `now`: epoch milliseconds. */
export function rowActions(
  booking: Pick<AdminBooking, 'status' | 'startsAt' | 'price' | 'payment'>,
  now: number,
): RowActions {
  return { ...outcomeActions(booking, now), canRecordPayment: canRecordPayment(booking) };
}

function outcomeActions(
  booking: Pick<AdminBooking, 'status' | 'startsAt'>,
  now: number,
): Omit<RowActions, 'canRecordPayment'> {
  const sinceStart = now - Date.parse(booking.startsAt);
  const hasStarted = sinceStart >= 0;
  const canCorrect = hasStarted && sinceStart <= CORRECTION_DAYS * 24 * 60 * MINUTE;
  switch (booking.status) {
    case 'confirmed':
      return {
        canComplete: hasStarted,
        canMarkNoShow: sinceStart >= NO_SHOW_AFTER_MINUTES * MINUTE,
        canReschedule: true,
        canCancel: !hasStarted,
      };
    case 'completed':
      return {
        canComplete: false,
        canMarkNoShow: canCorrect,
        canReschedule: false,
        canCancel: false,
      };
    case 'no_show':
      return {
        canComplete: canCorrect,
        canMarkNoShow: false,
        canReschedule: false,
        canCancel: false,
      };
    case 'cancelled':
      return { canComplete: false, canMarkNoShow: false, canReschedule: false, canCancel: false };
  }
}
