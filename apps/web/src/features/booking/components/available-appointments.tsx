import { useState } from 'react';
import { formatMediumDate, texts, type IsoDate, type TreatmentAvailability } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAvailable } from '../api/get-available.ts';
import { BookingDialog, type Patient } from './booking-dialog.tsx';
import { TreatmentCard } from './treatment-card.tsx';

type AvailableAppointmentsProps = {
  date: IsoDate;
  patient: Patient;
};

/**
 * 'Available Appointments on {date}' and the treatment cards of that day (spec section 2), with a
 * spinner while they load; 'Book Appointment' opens the booking dialog for that treatment.
 */
export function AvailableAppointments({ date, patient }: AvailableAppointmentsProps) {
  const available = useAvailable(date);
  const [chosen, setChosen] = useState<TreatmentAvailability | null>(null);

  return (
    <section className="flex flex-col gap-8">
      <h1 className="text-center text-2xl font-semibold text-secondary">
        {texts.availableOn(formatMediumDate(date))}
      </h1>
      {available.isPending ? (
        <Spinner label="Loading the free slots…" />
      ) : available.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4">
          <p>{errorMessage(available.error)}</p>
          <Button onClick={() => void available.refetch()}>Retry</Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {available.data.map((treatment) => (
            <TreatmentCard key={treatment._id} treatment={treatment} onBook={setChosen} />
          ))}
        </ul>
      )}
      {chosen && (
        <BookingDialog
          key={chosen._id}
          treatment={chosen}
          date={date}
          patient={patient}
          onClose={() => setChosen(null)}
        />
      )}
    </section>
  );
}
