import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { AdminBooking } from '@clinic/shared';
import { AlertBadges, FormsBadge } from '../../../components/intake-badges.tsx';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { GuardianContact } from '../../../components/guardian-contact.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { mediumDateOf } from '../../../lib/medium-date.ts';
import type { MarkedStatus } from '../../../lib/set-booking-status.ts';
import { useSetBookingStatus } from '../api/set-booking-status.ts';
import { rowActions } from '../utils/row-actions.ts';
import {
  ArrivedBadge,
  CallbackBadge,
  OutsideHoursBadge,
  PatientConfirmedBadge,
  PaymentBadge,
} from './booking-badges.tsx';

export type AppointmentAction = 'cancel' | 'reschedule' | 'record-payment';

const COLUMNS = ['Time', 'Date', 'Patient', 'Treatment', 'Status', 'Payment'] as const;

/**
 * A cell that, on a phone, is a line of the row's card with its column's name in front of it
 * (the column headers are then only read out, not shown); from `md` up, a plain table cell.
 */
function Cell({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={`flex gap-3 px-0 py-1 before:w-24 before:shrink-0 before:font-medium before:content-[attr(data-label)] md:table-cell md:px-2 md:py-2 md:before:content-none ${className}`}
    >
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/**
 * '08.30 AM - 09.00 AM' that wraps, if it must, only between its two times (no-break spaces
 * inside each): the column can then be narrower than the whole slot.
 */
export function clockFriendly(slot: string): string {
  return slot
    .split(' - ')
    .map((clock) => clock.replaceAll(' ', '\u00a0'))
    .join(' - ');
}

/** Who, what and when, for the buttons' names: "Pat Patient, Jun 12, 2030, 08.30 AM - 09.00 AM". */
export function appointmentName(booking: AdminBooking): string {
  const patient = booking.patientAccount.name || booking.patientName;
  return `${patient}, ${mediumDateOf(booking.date)}, ${booking.slot}`;
}

const MARKED_TEXT: Record<MarkedStatus, string> = {
  completed: 'marked completed',
  no_show: 'marked as a no-show',
};

type AppointmentRowProps = {
  booking: AdminBooking;
  /** Epoch milliseconds: what has started by now decides the actions offered. */
  now: number;
  onAction: (action: AppointmentAction, booking: AdminBooking) => void;
};

function AppointmentRow({ booking, now, onAction }: AppointmentRowProps) {
  const setStatus = useSetBookingStatus();
  const name = appointmentName(booking);
  const patient = booking.patientAccount;
  const phone = booking.phone || patient.phone;
  const email = patient.email || booking.patient;
  const mark = (status: MarkedStatus) =>
    setStatus.mutate(
      { id: booking._id, status },
      {
        onSuccess: () =>
          toast.success(
            `${patient.name || booking.patientName}'s appointment ${MARKED_TEXT[status]}`,
          ),
        // A 409 says why (not started yet, too long ago, already cancelled) in its detail.
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const actions = rowActions(booking, now);
  const { canComplete, canMarkNoShow, canReschedule, canCancel, canRecordPayment } = actions;
  const hasActions = Object.values(actions).some(Boolean);

  return (
    <tr className="block border-b border-base-300 px-4 py-3 last:border-b-0 md:table-row md:p-0">
      <Cell label="Time" className="font-medium">
        {clockFriendly(booking.slot)}
      </Cell>
      <Cell label="Date" className="md:whitespace-nowrap">
        {mediumDateOf(booking.date)}
      </Cell>
      <Cell label="Patient">
        <div className="flex flex-col">
          <span className="font-medium">{patient.name || booking.patientName}</span>
          <a
            href={`mailto:${email}`}
            title={email}
            className="link block max-w-[11rem] truncate text-sm"
          >
            {email}
          </a>
          {phone && (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="link text-sm">
              {phone}
            </a>
          )}
          {booking.guardian && <GuardianContact guardian={booking.guardian} />}
        </div>
      </Cell>
      {/* The doctor under the treatment: a column of its own pushed the actions out of the card at 1280 px. */}
      <Cell label="Treatment">
        {booking.treatment}
        {booking.doctor && (
          <span className="block text-xs text-base-content/70">{booking.doctor.name}</span>
        )}
      </Cell>
      <Cell label="Status">
        <div className="flex flex-wrap gap-1">
          <BookingStatusBadge booking={booking} />
          {booking.patientConfirmedAt && <PatientConfirmedBadge at={booking.patientConfirmedAt} />}
          {booking.arrivedAt && <ArrivedBadge at={booking.arrivedAt} />}
          {booking.callbackOpen && <CallbackBadge />}
          {booking.outsideHours && <OutsideHoursBadge />}
          {booking.status === 'confirmed' && booking.forms && <FormsBadge forms={booking.forms} />}
        </div>
        {booking.alerts && <AlertBadges alerts={booking.alerts} />}
      </Cell>
      <Cell label="Payment">
        <PaymentBadge booking={booking} />
      </Cell>
      <td
        className={`px-0 pt-2 md:table-cell md:w-px md:px-2 md:py-2 ${hasActions ? 'block' : 'hidden'}`}
      >
        {/* One under the other from `md` up: the column stays as narrow as its widest button. */}
        <div className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:items-stretch md:gap-1">
          {canComplete && (
            <Button
              variant="outline"
              className="btn-xs whitespace-nowrap"
              aria-label={`Mark completed: ${name}`}
              isLoading={setStatus.isPending && setStatus.variables?.status === 'completed'}
              disabled={setStatus.isPending}
              onClick={() => mark('completed')}
            >
              Mark completed
            </Button>
          )}
          {canMarkNoShow && (
            <Button
              variant="outline"
              className="btn-xs whitespace-nowrap"
              aria-label={`Mark no-show: ${name}`}
              isLoading={setStatus.isPending && setStatus.variables?.status === 'no_show'}
              disabled={setStatus.isPending}
              onClick={() => mark('no_show')}
            >
              Mark no-show
            </Button>
          )}
          {canRecordPayment && (
            <Button
              variant="outline"
              className="btn-xs whitespace-nowrap"
              aria-label={`Record payment: ${name}`}
              onClick={() => onAction('record-payment', booking)}
            >
              Record payment
            </Button>
          )}
          {canReschedule && (
            <Button
              variant="outline"
              className="btn-xs whitespace-nowrap"
              aria-label={`Reschedule: ${name}`}
              onClick={() => onAction('reschedule', booking)}
            >
              Reschedule
            </Button>
          )}
          {canCancel && (
            <Button
              variant="outline"
              className="btn-xs btn-error whitespace-nowrap"
              aria-label={`Cancel: ${name}`}
              onClick={() => onAction('cancel', booking)}
            >
              Cancel
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

type AppointmentsTableProps = {
  /** The id of the heading that names the table. */
  labelledBy: string;
  bookings: readonly AdminBooking[];
  /** A new filter's rows are on their way: these are the previous ones. */
  isStale: boolean;
  /** Epoch milliseconds (tests pin it). */
  now: number;
  onAction: (action: AppointmentAction, booking: AdminBooking) => void;
};

/** The appointments: a table from `md` up, a card per appointment on a phone. */
export function AppointmentsTable({
  labelledBy,
  bookings,
  isStale,
  now,
  onAction,
}: AppointmentsTableProps) {
  return (
    <div className="rounded-box border border-base-300 md:overflow-x-auto">
      <table
        className={`table block md:table ${isStale ? 'opacity-60' : ''}`}
        aria-labelledby={labelledBy}
        aria-busy={isStale || undefined}
      >
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="md:px-2">
                {column}
              </th>
            ))}
            <th scope="col" className="md:px-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {bookings.map((booking) => (
            <AppointmentRow key={booking._id} booking={booking} now={now} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
