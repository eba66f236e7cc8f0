import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@clinic/shared';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { TestPaymentBadge } from '../../../components/test-payment-badge.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StackedCell, StackedRow, StackedTable } from '../../../components/ui/stacked-table.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { configQueryOptions } from '../../../lib/client-config.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useBookings } from '../api/get-bookings.ts';
import { isCheckInOpen } from '../utils/check-in-window.ts';
import { CheckInButton } from './check-in-button.tsx';
import { useAppT } from '../../../i18n/app.ts';
import { useLocalFormat } from '../../../i18n/format.ts';

type MyAppointmentsProps = {
  email: string;
  /** Staff see which bookings were paid in test mode (no money taken); patients see the spec's cells. */
  isStaffView?: boolean;
  /** Called once when the server refuses the list (401/403): the caller signs the user out. */
  onAccessDenied: () => void;
};

function isAccessDenied(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

function Payment({ booking, isStaffView }: { booking: Booking; isStaffView: boolean }) {
  const t = useAppT();
  if (booking.paid) {
    return (
      <>
        <span className="font-semibold text-success">{t('paid')}</span>
        {booking.paymentMode === 'desk' && <span className="text-sm"> {t('at the clinic')}</span>}
        {isStaffView && booking.paymentMode === 'test' && (
          <>
            {' '}
            <TestPaymentBadge />
          </>
        )}
        {booking.transactionId && (
          <span className="block text-xs">{t('Transaction id: {{id}}', { id: booking.transactionId })}</span>
        )}
      </>
    );
  }
  // Only a confirmed booking can be paid: the server refuses the others.
  if (booking.price > 0 && booking.status === 'confirmed') {
    return (
      <Link to={`/dashboard/payment/${booking._id}`} className="btn btn-success btn-xs">
        {t('pay')}
      </Link>
    );
  }
  return null;
}

/** The spec's five columns, then Manage. */
const COLUMNS = ['Name', 'Date', 'Time', 'Treatment', 'Payment', 'Manage'] as const;

/** The query string that keeps "Show past and cancelled" on across a visit to a booking's page. */
const INCLUDE_PARAM = 'include';

/**
 * My Appointments (spec section 2): how many bookings the patient has and a table of them, with
 * 'pay' for an unpaid booking that has a price and 'paid' once paid. A 401 or 403 on loading
 * means the sign-in is no longer good (spec section 4). A booking with a doctor names them on a
 * second line of its Treatment cell, so the spec's five columns stay as they are, first.
 *
 * A sixth column, Manage, links to each booking's page (cancel, reschedule, history) and shows
 * a status other than confirmed as a badge. "Show past and cancelled" below the table asks the
 * server for the cancelled bookings too, which it otherwise leaves out; a link under it leads to
 * the waitlist, for a patient who would rather have an earlier time.
 *
 * From CHECKIN_OPENS_MINUTES (an hour by default) before a confirmed booking's start until half an
 * hour after, Manage also offers "Check in" (practice-loop.md section 6.4), and says "Checked in"
 * once the patient has.
 *
 * The list is the household's (practice-loop.md section 7): a family member's booking has their
 * name in the Name column and says whose under its treatment ("for Leo").
 *
 * On a phone each booking is a card with a line per column, so 'pay' and Details are on screen
 * without scrolling sideways.
 */
export function MyAppointments({
  email,
  onAccessDenied,
  isStaffView = false,
}: MyAppointmentsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const includeCancelled = searchParams.get(INCLUDE_PARAM) === 'cancelled';
  const bookings = useBookings(email, includeCancelled);
  const toggleId = useId();
  const isDenied = isAccessDenied(bookings.error);
  const reported = useRef(false);
  const titleId = useId();
  // The check-in window opens and closes while the list is on screen.
  const now = useNow(30_000);
  // CHECKIN_OPENS_MINUTES; until the config answers (or if it cannot), the default hour.
  const checkInOpens = useQuery(configQueryOptions()).data?.checkInOpensMinutes;
  const t = useAppT();
  const format = useLocalFormat();

  useEffect(() => {
    if (isDenied && !reported.current) {
      reported.current = true;
      onAccessDenied();
    }
  }, [isDenied, onAccessDenied]);

  if (bookings.isPending || isDenied) return <Spinner label={t('Loading your appointments…')} />;
  if (bookings.isError) {
    return <LoadFailed error={bookings.error} onRetry={() => void bookings.refetch()} />;
  }

  const setIncludeCancelled = (isOn: boolean) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (isOn) params.set(INCLUDE_PARAM, 'cancelled');
        else params.delete(INCLUDE_PARAM);
        return params;
      },
      { replace: true },
    );

  const list = bookings.data;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('My Appointments: {{count}}', { count: list.length })}
      </h2>
      {list.length === 0 ? (
        <p>
          {t('You have no appointments yet.')}{' '}
          <Link to="/appointment" className="link link-primary">
            {t('Book an appointment')}
          </Link>
        </p>
      ) : (
        <StackedTable labelledBy={titleId} columns={COLUMNS}>
          {list.map((booking) => (
            <StackedRow
              key={booking._id}
              className={booking.status === 'cancelled' ? 'text-base-content/70' : ''}
            >
              <StackedCell label="Name">{booking.patientName}</StackedCell>
              <StackedCell label="Date">
                <span className="whitespace-nowrap">{format.date(booking.date)}</span>
              </StackedCell>
              <StackedCell label="Time">
                <span className="whitespace-nowrap">{format.slot(booking.slot)}</span>
              </StackedCell>
              <StackedCell label="Treatment">
                {booking.treatment}
                {booking.doctor && (
                  <span className="block text-xs text-base-content/70">
                    {t('with {{doctor}}', { doctor: doctorTitle(booking.doctor.name) })}
                  </span>
                )}
                {booking.dependent && (
                  <span className="block text-xs text-base-content/70">
                    {t('for {{name}}', { name: booking.dependent.name })}
                  </span>
                )}
              </StackedCell>
              <StackedCell label="Payment">
                <Payment booking={booking} isStaffView={isStaffView} />
              </StackedCell>
              <StackedCell label="Manage">
                <div className="flex flex-col items-start gap-1">
                  {booking.status !== 'confirmed' && <BookingStatusBadge booking={booking} />}
                  {booking.status === 'confirmed' && (booking.arrivedAt || isCheckInOpen(booking.startsAt, now, checkInOpens)) && (
                    <CheckInButton booking={booking} />
                  )}
                  <Link
                    to={`/dashboard/appointments/${encodeURIComponent(booking._id)}`}
                    className="link link-primary whitespace-nowrap"
                  >
                    {t('Details')}
                  </Link>
                </div>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      <label htmlFor={toggleId} className="flex w-fit cursor-pointer items-center gap-2">
        <input
          id={toggleId}
          type="checkbox"
          className="toggle toggle-sm"
          checked={includeCancelled}
          onChange={(event) => setIncludeCancelled(event.target.checked)}
        />
        <span>{t('Show past and cancelled')}</span>
        {bookings.isPlaceholderData && (
          <span aria-hidden="true" className="loading loading-spinner loading-xs" />
        )}
      </label>
      <Link to="/dashboard/waitlist" className="link link-primary w-fit text-sm">
        {t('Want an earlier time? Join a waitlist')}
      </Link>
    </section>
  );
}
