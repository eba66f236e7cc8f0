import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { texts, type Booking } from '@clinic/shared';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import {
  StackedCell as Cell,
  StackedRow,
  StackedTable,
} from '../../../components/ui/stacked-table.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useVisitsT } from '../../../i18n/visits.ts';
import { useBookings } from '../api/get-bookings.ts';
import {
  historyPaymentLabel,
  historyStatusLabel,
  pastAppointments,
  refundNote,
} from '../utils/history.ts';

export const NO_HISTORY_TEXT = 'No past appointments yet.';

const COLUMNS = ['Treatment', 'Doctor', 'Date', 'Time', 'Status', 'Payment'] as const;

const statusBadge: Record<Booking['status'], string> = {
  completed: 'badge-success',
  no_show: 'badge-warning',
  cancelled: 'badge-neutral',
  confirmed: 'badge-ghost',
};

function HistoryRow({ booking }: { booking: Booking }) {
  const t = useVisitsT();
  const format = useLocalFormat();
  const payment = historyPaymentLabel(booking);
  const refund = refundNote(booking);
  return (
    <StackedRow>
      <Cell label={t('Treatment')}>
        <span className="font-medium">{booking.treatment}</span>
      </Cell>
      <Cell label={t('Doctor')}>{booking.doctor ? doctorTitle(booking.doctor.name) : '—'}</Cell>
      <Cell label={t('Date')}>
        <span className="whitespace-nowrap">{format.date(booking.date)}</span>
      </Cell>
      <Cell label={t('Time')}>
        <span className="whitespace-nowrap">{format.slot(booking.slot)}</span>
      </Cell>
      <Cell label={t('Status')}>
        <span
          className={`badge badge-soft badge-sm whitespace-nowrap ${statusBadge[booking.status]}`}
        >
          {historyStatusLabel(booking.status)}
        </span>
      </Cell>
      <Cell label={t('Payment')}>
        <span className="whitespace-nowrap">{payment ?? '—'}</span>
        {refund && <span className="block text-xs text-base-content/70">{refund}</span>}
      </Cell>
    </StackedRow>
  );
}

type MyHistoryProps = {
  email: string;
  /** Called once when the server refuses the list (401/403): the caller signs the user out. */
  onAccessDenied: () => void;
  /** The present, in milliseconds (tests pin it); what started before it is past. */
  now?: number;
};

function isAccessDenied(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/**
 * My History (spec section 2): 'History loading' while the patient's bookings load, then the
 * visits that are over, newest first, with the treatment, the doctor, when, how it ended and
 * what happened to the money. A table from `sm` up, a card per visit on a phone. The bookings
 * come from the list My Appointments asks for, with the cancelled ones.
 */
export function MyHistory({ email, onAccessDenied, now: pinnedNow }: MyHistoryProps) {
  // When the page opened: a visit that starts while it is open shows on the next visit.
  const [openedAt] = useState(() => Date.now());
  const now = pinnedNow ?? openedAt;
  const bookings = useBookings(email, true);
  const titleId = useId();
  const isDenied = isAccessDenied(bookings.error);
  const reported = useRef(false);
  const t = useVisitsT();

  useEffect(() => {
    if (isDenied && !reported.current) {
      reported.current = true;
      onAccessDenied();
    }
  }, [isDenied, onAccessDenied]);

  let content;
  if (bookings.isPending || isDenied) {
    content = (
      <p role="status" className="flex items-center gap-2">
        <span aria-hidden="true" className="loading loading-spinner loading-sm text-primary" />
        {t(texts.historyLoading)}
      </p>
    );
  } else if (bookings.isError) {
    content = <LoadFailed error={bookings.error} onRetry={() => void bookings.refetch()} />;
  } else {
    const visits = pastAppointments(bookings.data, now);
    content =
      visits.length === 0 ? (
        <p>
          {t(NO_HISTORY_TEXT)}{' '}
          <Link to="/appointment" className="link link-primary">
            {t('Book an appointment')}
          </Link>
        </p>
      ) : (
        <StackedTable labelledBy={titleId} columns={COLUMNS.map((column) => t(column))}>
          {visits.map((booking) => (
            <HistoryRow key={booking._id} booking={booking} />
          ))}
        </StackedTable>
      );
  }

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('My History')}
      </h2>
      {content}
    </section>
  );
}
