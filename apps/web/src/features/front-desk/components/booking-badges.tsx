import type { AdminBooking } from '@clinic/shared';
import { paymentAmountText, paymentBadge } from '../utils/appointment-labels.ts';

const tones = {
  success: 'badge-success',
  info: 'badge-info',
  warning: 'badge-warning',
  error: 'badge-error',
  ghost: 'badge-ghost',
} as const;

export function PaymentBadge({ booking }: { booking: AdminBooking }) {
  const { label, tone } = paymentBadge(booking);
  const amount = paymentAmountText(booking);
  return (
    <span className="flex flex-wrap items-center gap-1">
      <span className={`badge whitespace-nowrap ${tones[tone]}`}>{label}</span>
      {amount && <span className="text-xs whitespace-nowrap">{amount}</span>}
      {booking.refund?.status === 'failed' && (
        <span className="badge badge-error whitespace-nowrap">Refund failed</span>
      )}
      {booking.refund?.status === 'pending' && (
        <span className="badge badge-ghost whitespace-nowrap">Refund pending</span>
      )}
    </span>
  );
}

/** A confirmed booking the current hours no longer cover: the desk should call the patient. */
export function OutsideHoursBadge() {
  return (
    <span
      className="badge badge-warning whitespace-nowrap"
      title="The doctor's or the clinic's hours changed after this was booked"
    >
      <span aria-hidden="true">⚠</span> Outside hours
    </span>
  );
}
