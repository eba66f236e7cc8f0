/**
 * How the All Appointments screen words its status filter and a booking's money (the status badge
 * itself is the one the patients' pages show).
 */
import type { AdminBooking, BookingStatus } from '@clinic/shared';
import { priceLabel } from '../../../lib/price-label.ts';

/** The status filter's words for each status. */
export const STATUS_LABELS: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

/** The status filter's choices, in the order of a booking's life. */
export const STATUS_CHOICES: readonly BookingStatus[] = [
  'confirmed',
  'completed',
  'no_show',
  'cancelled',
];

type Badge = { label: string; tone: 'success' | 'info' | 'warning' | 'error' | 'ghost' };

/**
 * Paid, Paid at desk, Unpaid or Refunded $x; a booking paid in the built-in test mode says so,
 * since no money was taken, and one paid at the desk says its refund was handed back there.
 */
export function paymentBadge(booking: Pick<AdminBooking, 'payment' | 'paymentMode'>): Badge {
  const mode = booking.paymentMode;
  if (booking.payment.refunded > 0) {
    const where = mode === 'test' ? ' (test)' : mode === 'desk' ? ' at desk' : '';
    return { label: `Refunded ${priceLabel(booking.payment.refunded)}${where}`, tone: 'ghost' };
  }
  if (booking.payment.paid) {
    if (mode === 'test') return { label: 'Test payment', tone: 'info' };
    if (mode === 'desk') return { label: 'Paid at desk', tone: 'success' };
    return { label: 'Paid', tone: 'success' };
  }
  return { label: 'Unpaid', tone: 'warning' };
}

/**
 * The money beside the badge: what was paid ('$17 paid'), or what is still to pay at the desk
 * for an appointment that is not cancelled ('$17 due'); nothing for a free one.
 */
export function paymentAmountText(
  booking: Pick<AdminBooking, 'payment' | 'price' | 'status'>,
): string | null {
  if (booking.payment.paid) return `${priceLabel(booking.price)} paid`;
  if (booking.price > 0 && booking.status !== 'cancelled')
    return `${priceLabel(booking.price)} due`;
  return null;
}

/** What of a paid booking can still be given back, in dollars. */
export function refundableDollars(booking: Pick<AdminBooking, 'payment' | 'price'>): number {
  if (!booking.payment.paid) return 0;
  return Math.max(0, Math.round((booking.price - booking.payment.refunded) * 100) / 100);
}
