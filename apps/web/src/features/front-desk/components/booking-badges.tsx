import type { AdminBooking } from '@clinic/shared';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';
import { Instant, instantLabel } from '../../../lib/instants.tsx';
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

/**
 * A small badge that says when it happened: in its title for the mouse, read out after its text
 * (the row has no room to show the instant).
 */
function WhenBadge({
  label,
  what,
  at,
  tone,
}: {
  label: string;
  what: string;
  at: string;
  tone: string;
}) {
  const timeZone = useClinicTimeZone();
  return (
    <span
      className={`badge badge-sm whitespace-nowrap ${tone}`}
      title={`${what} ${instantLabel(at, timeZone)}`}
    >
      {label}
      <span className="sr-only">
        {' '}
        <Instant iso={at} />
      </span>
    </span>
  );
}

/**
 * The patient said they are coming (a reminder's confirm link): not the booking's status, which
 * the badge beside it shows, hence "Patient".
 */
export function PatientConfirmedBadge({ at }: { at: string }) {
  return (
    <WhenBadge
      label="Patient confirmed"
      what="Confirmed by the patient on"
      at={at}
      tone="badge-success badge-outline"
    />
  );
}

/** The patient has checked in at the clinic. */
export function ArrivedBadge({ at }: { at: string }) {
  return <WhenBadge label="Arrived" what="Checked in on" at={at} tone="badge-info" />;
}

/** The patient asked, from a link, to be phoned about this appointment; nobody has yet. */
export function CallbackBadge() {
  return (
    <span
      className="badge badge-sm badge-warning whitespace-nowrap"
      title="The patient asked to be called (see Callbacks)"
    >
      Call back
    </span>
  );
}
