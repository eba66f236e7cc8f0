/**
 * One appointment's page: what, when, with whom, its payment and refund, its history, a calendar
 * file, and the patient's own changes, cancel and reschedule, while the clinic's notice window
 * allows them (the server decides, in `canCancel` and `canReschedule`, and checks again).
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { BookingDetail } from '@clinic/shared';
import { BookingStatusBadge } from '../../../components/booking-status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { doctorTitle } from '../../../lib/doctor-title.ts';
import { useClinicTimeZone } from '../../../lib/clinic-query.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { useVisitsT, visitInstant } from '../../../i18n/visits.ts';
import { useDownloadAppointmentIcs } from '../api/download-appointment-ics.ts';
import {
  dollars,
  refundText,
  windowClosedText,
} from '../utils/appointment-texts.ts';
import { AppointmentHistory } from './appointment-history.tsx';
import { AppointmentLoader, BackLink } from './appointment-loader.tsx';
import { CancelAppointmentDialog } from './cancel-appointment-dialog.tsx';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-base-content/70">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function PaymentState({ booking }: { booking: BookingDetail }) {
  const t = useVisitsT();
  if (booking.paid) {
    return (
      <>
        <span className="font-semibold text-success">{t('paid')}</span>
        {booking.paymentMode === 'desk' && ` ${t('at the clinic')}`}
      </>
    );
  }
  if (booking.price <= 0) return <>{t('Nothing to pay')}</>;
  if (booking.status !== 'confirmed') return <>{t('Not paid')}</>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {t('Not paid yet')}
      <Link to={`/dashboard/payment/${booking._id}`} className="btn btn-success btn-xs">
        {t('pay')}
      </Link>
    </span>
  );
}

function CalendarFileButton({ id }: { id: string }) {
  const download = useDownloadAppointmentIcs(id);
  const t = useVisitsT();
  return (
    <Button
      variant="ghost"
      className="btn-sm w-fit"
      isLoading={download.isPending}
      onClick={() =>
        download.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })
      }
    >
      {t('Add to my calendar (.ics)')}
    </Button>
  );
}

function Actions({ booking }: { booking: BookingDetail }) {
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const noteId = useId();
  const timeZone = useClinicTimeZone();
  const t = useVisitsT();
  const { canCancel, canReschedule } = booking;
  const note = !canCancel
    ? windowClosedText(booking, booking.cancelDeadline)
    : !canReschedule
      ? windowClosedText(booking, booking.rescheduleDeadline)
      : null;
  // The earlier of the two deadlines still open, so the promise holds for both changes.
  const openUntil = [
    canCancel && booking.cancelDeadline,
    canReschedule && booking.rescheduleDeadline,
  ]
    .filter((deadline): deadline is string => typeof deadline === 'string')
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0];

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {canReschedule ? (
          <Link
            to={`/dashboard/appointments/${encodeURIComponent(booking._id)}/reschedule`}
            className="btn btn-primary"
          >
            {t('Reschedule')}
          </Link>
        ) : (
          <Button disabled aria-describedby={noteId}>
            {t('Reschedule')}
          </Button>
        )}
        <Button
          variant="outline"
          className="btn-error"
          disabled={!canCancel}
          aria-describedby={canCancel ? undefined : noteId}
          onClick={() => setIsCancelOpen(true)}
        >
          {t('Cancel appointment')}
        </Button>
      </div>
      {note ? (
        <p id={noteId} className="text-sm text-base-content/70">
          {note}
        </p>
      ) : (
        openUntil && (
          <p className="text-sm text-base-content/70">
            {t('You can change or cancel it online until {{time}}.', {
              time: visitInstant(openUntil, timeZone),
            })}
          </p>
        )
      )}
      {isCancelOpen && (
        <CancelAppointmentDialog booking={booking} onClose={() => setIsCancelOpen(false)} />
      )}
    </div>
  );
}

function Detail({ booking }: { booking: BookingDetail }) {
  const headingId = useId();
  const isConfirmed = booking.status === 'confirmed';
  const t = useVisitsT();
  const format = useLocalFormat();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {booking.treatment}
        </h2>
        <BookingStatusBadge booking={booking} size="md" />
      </div>

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <Fact term={t('Date')}>{format.date(booking.date)}</Fact>
        <Fact term={t('Time')}>{format.slot(booking.slot)}</Fact>
        {booking.doctor && <Fact term={t('Doctor')}>{doctorTitle(booking.doctor.name)}</Fact>}
        <Fact term={t('Price')}>{dollars(booking.price)}</Fact>
        <Fact term={t('Payment')}>
          <PaymentState booking={booking} />
        </Fact>
        {booking.refund && (
          <Fact term={t('Refund')}>
            <span className={booking.refund.status === 'failed' ? 'text-error' : undefined}>
              {refundText(booking.refund)}
            </span>
          </Fact>
        )}
      </dl>

      {isConfirmed && <Actions booking={booking} />}
      {isConfirmed && <CalendarFileButton id={booking._id} />}

      <AppointmentHistory events={booking.events} />
    </section>
  );
}

export function AppointmentDetail({ id }: { id: string }) {
  return (
    <AppointmentLoader id={id}>
      {(booking) => (
        <div className="flex flex-col gap-4">
          <BackLink />
          <Detail booking={booking} />
        </div>
      )}
    </AppointmentLoader>
  );
}
