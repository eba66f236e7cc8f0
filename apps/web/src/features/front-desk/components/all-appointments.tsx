import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { AdminBooking, IsoDate } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminTreatments } from '../../../lib/admin-treatments-query.ts';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';
import { useClinicDoctors } from '../../../lib/clinic-doctors-query.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { clinicToday, localToday } from '../../../lib/local-today.ts';
import { dateRangeLabel } from '../../../lib/medium-date.ts';
import { useDownloadBookingsCsv } from '../api/download-bookings-csv.ts';
import { useAdminBookings, type AdminBookingsFilters } from '../api/get-admin-bookings.ts';
import {
  dayFilters,
  isUnconfirmedView,
  unconfirmedViewFilters,
} from '../utils/unconfirmed-view.ts';
import { AppointmentFilters } from './appointment-filters.tsx';
import { AppointmentsTable, type AppointmentAction } from './appointments-table.tsx';
import { BookForPatientDialog } from './book-for-patient-dialog.tsx';
import { CallbacksPanel } from './callbacks-panel.tsx';
import { CancelAppointmentDialog } from './cancel-appointment-dialog.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';
import { RescheduleAppointmentDialog } from './reschedule-appointment-dialog.tsx';

/** How long the search waits after the last key before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

export const NO_APPOINTMENTS_TEXT = 'No appointments for these filters.';
export const NO_UNCONFIRMED_TEXT = 'No unconfirmed appointments today or tomorrow.';

type AllAppointmentsProps = {
  /** The day shown first and the Unconfirmed view's first day (tests pin it). */
  today?: IsoDate;
  /** The present in epoch milliseconds (tests pin it); otherwise the clock, renewed each minute. */
  now?: number;
};

const CLOCK_TICK_MS = 60_000;

/**
 * All Appointments (front desk): the patients waiting for a call; the day, or any range of days,
 * narrowed by status, the patient's confirmation, doctor, treatment and a search, or the
 * Unconfirmed view of today and tomorrow; each appointment marked completed or no-show, cancelled
 * (with the refund the clinic decides), moved or paid at the desk; the list exported as CSV; a
 * booking made for a patient who phoned.
 */
export function AllAppointments({ today: pinnedToday, now: pinnedNow }: AllAppointmentsProps) {
  // Ticking, so an appointment that starts while the desk has the page open gets its outcome marks.
  const clock = useNow(CLOCK_TICK_MS);
  const now = pinnedNow ?? clock;
  const today = pinnedToday ?? localToday();
  // The patients to phone are the clinic's today and tomorrow, wherever the desk's browser is.
  const timeZone = useClinicTimeZone();
  const viewToday = pinnedToday ?? clinicToday(now, timeZone);
  const titleId = useId();
  const listTitleId = useId();
  const [filters, setFilters] = useState<AdminBookingsFilters>(() => dayFilters(today));
  const isUnconfirmed = isUnconfirmedView(filters, viewToday);
  const toggleUnconfirmedView = () =>
    setFilters(isUnconfirmed ? dayFilters(today) : unconfirmedViewFilters(viewToday));
  const q = useDebouncedValue(filters.q.trim(), SEARCH_DEBOUNCE_MS);
  const applied = useMemo(() => ({ ...filters, q }), [filters, q]);
  const bookings = useAdminBookings(applied);
  const doctors = useClinicDoctors();
  const treatments = useAdminTreatments();
  const csv = useDownloadBookingsCsv();
  const [acting, setActing] = useState<{ action: AppointmentAction; booking: AdminBooking } | null>(
    null,
  );
  const [isBooking, setIsBooking] = useState(false);

  const exportCsv = () =>
    csv.mutate(applied, {
      onSuccess: (fileName) => toast.success(`Saved ${fileName}`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const items = bookings.data?.pages.flatMap((page) => page.items) ?? [];
  const days = dateRangeLabel(applied.from, applied.to);

  let list;
  if (bookings.isPending) {
    list = <Spinner label="Loading the appointments…" />;
  } else if (bookings.isError && !bookings.isFetchNextPageError) {
    list = <StaffLoadFailed error={bookings.error} onRetry={() => void bookings.refetch()} />;
  } else if (items.length === 0) {
    list = <p>{isUnconfirmed ? NO_UNCONFIRMED_TEXT : NO_APPOINTMENTS_TEXT}</p>;
  } else {
    list = (
      <>
        <AppointmentsTable
          labelledBy={listTitleId}
          bookings={items}
          isStale={bookings.isPlaceholderData}
          now={now}
          onAction={(action, booking) => setActing({ action, booking })}
        />
        {bookings.isFetchNextPageError && (
          <LoadFailed
            error={bookings.error}
            onRetry={() => void bookings.fetchNextPage()}
            layout="section"
          />
        )}
        {bookings.hasNextPage && !bookings.isFetchNextPageError && (
          <Button
            variant="outline"
            className="self-center"
            isLoading={bookings.isFetchingNextPage}
            onClick={() => void bookings.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-semibold">
          All Appointments
        </h2>
        <Button className="btn-sm" onClick={() => setIsBooking(true)}>
          Book for a patient
        </Button>
      </div>
      <CallbacksPanel />
      <AppointmentFilters
        value={filters}
        onChange={setFilters}
        doctors={doctors.data ?? []}
        treatments={treatments.data ?? []}
        today={today}
        isUnconfirmedView={isUnconfirmed}
        onToggleUnconfirmedView={toggleUnconfirmedView}
      />
      <section aria-labelledby={listTitleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={listTitleId} className="text-lg font-semibold">
            {isUnconfirmed ? 'Unconfirmed appointments' : 'Appointments'}{' '}
            {applied.from === applied.to ? 'on' : 'from'} {days}
          </h3>
          <Button
            variant="outline"
            className="btn-sm"
            isLoading={csv.isPending}
            onClick={exportCsv}
          >
            Export CSV
          </Button>
        </div>
        <p className="text-sm opacity-80 empty:hidden" aria-live="polite">
          {items.length > 0 &&
            `${items.length === 1 ? '1 appointment' : `${items.length} appointments`} shown${
              bookings.hasNextPage ? ', more to load' : ''
            }`}
        </p>
        {list}
      </section>
      {acting?.action === 'cancel' && (
        <CancelAppointmentDialog booking={acting.booking} onClose={() => setActing(null)} />
      )}
      {acting?.action === 'record-payment' && (
        <RecordPaymentDialog booking={acting.booking} onClose={() => setActing(null)} />
      )}
      {acting?.action === 'reschedule' && (
        <RescheduleAppointmentDialog
          booking={acting.booking}
          today={today}
          onClose={() => setActing(null)}
        />
      )}
      {isBooking && (
        <BookForPatientDialog
          day={filters.from}
          today={today}
          onClose={() => setIsBooking(false)}
        />
      )}
    </section>
  );
}
