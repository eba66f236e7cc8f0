/**
 * What My History lists and how it words each visit: the appointments that are over (started
 * before now) or settled otherwise (cancelled, completed, marked no-show), newest first, with the
 * outcome and the money in the patient's words.
 */
import type { Booking } from '@clinic/shared';
import { visitMoney, visitsText } from '../../../i18n/visits.ts';

/** The bookings that belong in the history, newest first; `now` is milliseconds since the epoch. */
export function pastAppointments(bookings: readonly Booking[], now: number): Booking[] {
  return bookings
    .filter((booking) => booking.status !== 'confirmed' || Date.parse(booking.startsAt) < now)
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
}

/** A past visit's outcome. A confirmed one that has started waits for the clinic to mark it. */
export function historyStatusLabel(status: Booking['status']): string {
  switch (status) {
    case 'completed':
      return visitsText('Completed');
    case 'no_show':
      return visitsText('Did not attend');
    case 'cancelled':
      return visitsText('Cancelled');
    case 'confirmed':
      return visitsText('Awaiting outcome');
  }
}

/**
 * Dollars as the spec shows prices: `$17`, with cents only when there are some (`$17.50`); in
 * Spanish and German as their language writes them.
 */
const dollars = visitMoney;

/**
 * What happened to the money: given back (a refund that went through), paid, or not paid. A free
 * treatment has nothing to say (null).
 */
export function historyPaymentLabel(
  booking: Pick<Booking, 'paid' | 'price' | 'refund'>,
): string | null {
  if (booking.refund?.status === 'succeeded') return visitsText('Refunded {{amount}}', { amount: dollars(booking.refund.amount) });
  if (booking.paid) return visitsText('Paid');
  return booking.price > 0 ? visitsText('Not paid') : null;
}

/** A refund on its way or stuck, under the payment. */
export function refundNote(booking: Pick<Booking, 'refund'>): string | null {
  switch (booking.refund?.status) {
    case 'pending':
      return visitsText('Refund of {{amount}} pending', { amount: dollars(booking.refund.amount) });
    case 'failed':
      return visitsText('Refund failed: the clinic will contact you');
    default:
      return null;
  }
}
