import { useEffect, useState } from 'react';
import type { IsoDate, TreatmentAvailability } from '@clinic/shared';
import { useAppT } from '../../../i18n/app.ts';
import { useLocalFormat } from '../../../i18n/format.ts';
import { LazyChunk } from '../../../components/lazy-chunk.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { retryableLazy } from '../../../lib/retryable-lazy.ts';
import { useHasInteracted } from '../../../lib/use-has-interacted.ts';
import { useAvailable } from '../api/get-available.ts';
import type { Account } from '../api/remember-phone.ts';
import type { BookingDependent, Patient } from './booking-dialog.tsx';
import { TreatmentCard } from './treatment-card.tsx';

// The dialog brings the form libraries (react-hook-form, zod) and the toasts, which the cards do
// not need to show (figures: docs/benchmarks.md, "The booking dialog's own chunk"): it loads in
// its own chunk, fetched once the cards are on screen and the patient first taps or presses a key
// (or the page has settled), so a phone's first load of the page does not wait for its 57 KiB
// ("The booking dialog at the first tap").
const bookingDialog = retryableLazy(() =>
  import('./booking-dialog.tsx').then((module) => ({ default: module.BookingDialog })),
);

type AvailableAppointmentsProps = {
  date: IsoDate;
  patient: Patient;
  /**
   * The address of the waitlist's join form for a treatment with no free slot, from the day shown;
   * the route supplies it (features do not import each other). Absent, no card offers it.
   */
  joinWaitlistHref?: ((treatmentId: string, from: IsoDate) => string) | undefined;
  /** The account once a booking's phone is kept on it (the booking dialog's). */
  onPhoneRemembered?: ((account: Account) => void) | undefined;
  /** The account's family members, whom the booking dialog offers to book for. */
  dependents?: readonly BookingDependent[] | undefined;
};

/**
 * 'Available Appointments on {date}' and the treatment cards of that day (spec section 2), with a
 * spinner while they load; 'Book Appointment' opens the booking dialog for that treatment, and on a
 * card with nothing free, 'Join waitlist' leads to the waitlist's join form.
 */
export function AvailableAppointments({
  date,
  patient,
  joinWaitlistHref,
  onPhoneRemembered,
  dependents,
}: AvailableAppointmentsProps) {
  const available = useAvailable(date);
  const t = useAppT();
  const format = useLocalFormat();
  const [chosen, setChosen] = useState<TreatmentAvailability | null>(null);
  const cardsShown = available.isSuccess;
  const hasInteracted = useHasInteracted();
  useEffect(() => {
    if (cardsShown && hasInteracted) bookingDialog.preload();
  }, [cardsShown, hasInteracted]);

  return (
    <section className="flex flex-col gap-8">
      <h1 className="text-center text-2xl font-semibold text-secondary">
        {t('Available Appointments on {{date}}', { date: format.date(date) })}
      </h1>
      {available.isPending ? (
        <Spinner label={t('Loading the free slots…')} />
      ) : available.isError ? (
        <LoadFailed
          layout="centered"
          error={available.error}
          onRetry={() => void available.refetch()}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {available.data.map((treatment) => (
            <TreatmentCard
              key={treatment._id}
              treatment={treatment}
              onBook={setChosen}
              joinWaitlistHref={joinWaitlistHref?.(treatment._id, date)}
            />
          ))}
        </ul>
      )}
      {chosen && (
        <LazyChunk
          key={chosen._id}
          chunk={bookingDialog}
          fallback={<Spinner label={t('Opening the booking form…')} />}
          props={{
            treatment: chosen,
            date,
            patient,
            onClose: () => setChosen(null),
            onPhoneRemembered,
            dependents,
          }}
        />
      )}
    </section>
  );
}
