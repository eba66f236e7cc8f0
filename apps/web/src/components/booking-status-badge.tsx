/**
 * A booking's status in words, as the patient's list and the appointment page both show it. A
 * cancelled booking says who cancelled it: the patient ("Cancelled online") or the clinic.
 */
import type { Booking } from '@clinic/shared';
import { useAppText } from '../i18n/app.ts';

type StatusOf = Pick<Booking, 'status' | 'cancelledBy'>;

export function bookingStatusLabel({ status, cancelledBy }: StatusOf): string {
  switch (status) {
    case 'confirmed':
      return 'Confirmed';
    case 'completed':
      return 'Completed';
    case 'no_show':
      return 'No-show';
    case 'cancelled':
      return cancelledBy === 'patient' ? 'Cancelled online' : 'Cancelled by the clinic';
  }
}

const badgeClass: Record<Booking['status'], string> = {
  confirmed: 'badge-success',
  completed: 'badge-info',
  no_show: 'badge-warning',
  cancelled: 'badge-neutral',
};

type BookingStatusBadgeProps = {
  booking: StatusOf;
  /** The list's small badge, or the appointment page's larger one. */
  size?: 'sm' | 'md';
};

export function BookingStatusBadge({ booking, size = 'sm' }: BookingStatusBadgeProps) {
  const t = useAppText();
  return (
    <span
      className={`badge badge-soft whitespace-nowrap ${badgeClass[booking.status]} ${size === 'sm' ? 'badge-sm' : ''}`}
    >
      {t(bookingStatusLabel(booking))}
    </span>
  );
}
