import { useId, useState } from 'react';
import { toast } from 'sonner';
import { addDays, formatMediumDate, type IsoDate, type Role, type StaffDayItem } from '@clinic/shared';
import { GuardianContact } from '../../../components/guardian-contact.tsx';
import { AlertBadges, FormsBadge } from '../../../components/intake-badges.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useClinicDoctors } from '../../../lib/clinic-doctors-query.ts';
import type { MarkedStatus } from '../../../lib/set-booking-status.ts';
import { useStaffDay } from '../api/get-staff-day.ts';
import { useMarkVisit } from '../api/mark-visit.ts';
import { BlockOwnTimeForm } from './block-own-time-form.tsx';
import { PatientFormsDialog } from './patient-forms-dialog.tsx';

export const NO_PATIENTS_TEXT = 'No patients on this day.';
export const CHOOSE_DOCTOR_TEXT = 'Choose a doctor to see their day.';

const statusLabels: Record<StaffDayItem['booking']['status'], { label: string; tone: string }> = {
  confirmed: { label: 'Booked', tone: 'badge-info' },
  completed: { label: 'Completed', tone: 'badge-success' },
  no_show: { label: 'No-show', tone: 'badge-warning' },
  cancelled: { label: 'Cancelled', tone: 'badge-ghost' },
};

type VisitCardProps = {
  item: StaffDayItem;
  now: Date;
  /** Opens the patient's medical history: given to doctors and the owner, never the front desk. */
  onOpenForms?: ((patient: { _id: string; name: string }) => void) | undefined;
};

/**
 * One patient of the day: whether their forms are done and what they flag, whether they have
 * arrived; once the appointment has started, what happened can be marked.
 */
function VisitCard({ item, now, onOpenForms }: VisitCardProps) {
  const { booking, patient } = item;
  const patientId = patient._id;
  const markVisit = useMarkVisit();
  const [marking, setMarking] = useState<MarkedStatus | null>(null);
  const hasStarted = new Date(booking.start).getTime() <= now.getTime();
  const canMark = hasStarted && booking.status !== 'cancelled';
  const mark = (status: MarkedStatus) => {
    setMarking(status);
    markVisit.mutate(
      { id: booking._id, status },
      {
        onSuccess: () =>
          toast.success(`${patient.name}: ${status === 'completed' ? 'completed' : 'no-show'}`),
        // The server says why (not started yet, already changed at the desk).
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setMarking(null),
      },
    );
  };
  const { label, tone } = statusLabels[booking.status];
  return (
    <li className="card card-border bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-lg font-semibold">{booking.slot}</p>
          <span className={`badge ${tone}`}>{label}</span>
        </div>
        <h3 className="text-base font-semibold">{patient.name}</h3>
        <p>{booking.treatment}</p>
        {(booking.arrivedAt || (item.forms && booking.status === 'confirmed')) && (
          <div className="flex flex-wrap gap-1">
            {booking.arrivedAt && <span className="badge badge-info">Arrived</span>}
            {item.forms && booking.status === 'confirmed' && <FormsBadge forms={item.forms} />}
          </div>
        )}
        {item.alerts && <AlertBadges alerts={item.alerts} />}
        {onOpenForms && patientId && (
          <Button
            variant="outline"
            className="btn-sm min-h-11 w-fit sm:min-h-0"
            aria-label={`Medical history: ${patient.name}`}
            onClick={() => onOpenForms({ _id: patientId, name: patient.name })}
          >
            Medical history
          </Button>
        )}
        {patient.phone && (
          <a className="link w-fit" href={`tel:${patient.phone.replace(/[^\d+]/g, '')}`}>
            {patient.phone}
          </a>
        )}
        {item.guardian && <GuardianContact guardian={item.guardian} />}
        {canMark && (
          <div className="flex flex-wrap gap-2 pt-1">
            {booking.status !== 'completed' && (
              <Button
                className="btn-sm min-h-11 sm:min-h-0"
                isLoading={marking === 'completed'}
                disabled={markVisit.isPending}
                aria-label={`Mark completed: ${patient.name} at ${booking.slot}`}
                onClick={() => mark('completed')}
              >
                Mark completed
              </Button>
            )}
            {booking.status !== 'no_show' && (
              <Button
                variant="outline"
                className="btn-sm min-h-11 sm:min-h-0"
                isLoading={marking === 'no_show'}
                disabled={markVisit.isPending}
                aria-label={`No-show: ${patient.name} at ${booking.slot}`}
                onClick={() => mark('no_show')}
              >
                No-show
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

type MyDayProps = {
  /** The signed-in account's role: a doctor sees their own lane, anyone else chooses a doctor. */
  role: Role;
  /** The day shown first (tests pin it). */
  today: IsoDate;
  /** The clock that decides whether an appointment has started (tests pin it). */
  now?: () => Date;
};

/**
 * My Day (practice-loop.md section 2): one doctor's patients on one date, phone first: a list of
 * cards by start time, a day back or on, and Mark completed / no-show once a visit has started.
 * A doctor can also take time out of their own day. Doctors and the owner open a patient's
 * medical history from the card (section 6.3); the front desk sees only the badges.
 */
export function MyDay({ role, today, now = () => new Date() }: MyDayProps) {
  const titleId = useId();
  const dateId = useId();
  const isDoctor = role === 'doctor';
  const canReadForms = isDoctor || role === 'admin';
  const [formsOf, setFormsOf] = useState<{ _id: string; name: string } | null>(null);
  const [date, setDate] = useState<IsoDate>(today);
  const [doctorId, setDoctorId] = useState('');
  const doctors = useClinicDoctors(!isDoctor);
  const hasLane = isDoctor || doctorId !== '';
  const day = useStaffDay({ date, doctorId: isDoctor ? undefined : doctorId }, hasLane);

  let list;
  if (!hasLane) {
    list = <p>{CHOOSE_DOCTOR_TEXT}</p>;
  } else if (day.isPending) {
    list = <Spinner label="Loading the day…" />;
  } else if (day.isError) {
    list = <StaffLoadFailed error={day.error} onRetry={() => void day.refetch()} />;
  } else if (day.data.items.length === 0) {
    list = <p>{NO_PATIENTS_TEXT}</p>;
  } else {
    const at = now();
    list = (
      <ul className="flex flex-col gap-3" aria-label={`Patients of ${day.data.doctor.name}`}>
        {day.data.items.map((item) => (
          <VisitCard
            key={item.booking._id}
            item={item}
            now={at}
            onOpenForms={canReadForms ? setFormsOf : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex w-full max-w-xl flex-col gap-4">
      <h2 id={titleId} className="text-xl font-semibold">
        {day.data && hasLane ? `My Day: ${day.data.doctor.name}` : 'My Day'}
      </h2>
      {!isDoctor &&
        (doctors.isError ? (
          <StaffLoadFailed error={doctors.error} onRetry={() => void doctors.refetch()} />
        ) : (
          <SelectField label="Doctor" value={doctorId} disabled={doctors.isPending} onChange={(event) => setDoctorId(event.target.value)}>
            <option value="">{doctors.isPending ? 'Loading the doctors…' : 'Choose a doctor'}</option>
            {doctors.data?.map((doctor) => (
              <option key={doctor._id} value={doctor._id}>
                {doctor.name}
              </option>
            ))}
          </SelectField>
        ))}
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="outline" className="btn-sm min-h-11 sm:min-h-0" onClick={() => setDate(addDays(date, -1))}>
          <span aria-hidden="true">‹</span> Previous day
        </Button>
        <div className="flex flex-col gap-1">
          <label htmlFor={dateId} className="text-sm font-medium">
            Date
          </label>
          <input
            id={dateId}
            type="date"
            className="input input-sm w-40"
            value={date}
            required
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
            }}
          />
        </div>
        <Button variant="outline" className="btn-sm min-h-11 sm:min-h-0" onClick={() => setDate(addDays(date, 1))}>
          Next day <span aria-hidden="true">›</span>
        </Button>
        {date !== today && (
          <Button variant="ghost" className="btn-sm min-h-11 sm:min-h-0" onClick={() => setDate(today)}>
            Today
          </Button>
        )}
      </div>
      <p className="text-sm opacity-80" aria-live="polite">
        {formatMediumDate(date)}
        {day.data && hasLane && day.data.items.length > 0 &&
          `: ${day.data.items.length === 1 ? '1 patient' : `${day.data.items.length} patients`}`}
      </p>
      {list}
      {isDoctor && <BlockOwnTimeForm date={date} />}
      {formsOf && (
        <PatientFormsDialog
          patientId={formsOf._id}
          patientName={formsOf.name}
          onClose={() => setFormsOf(null)}
        />
      )}
    </section>
  );
}
