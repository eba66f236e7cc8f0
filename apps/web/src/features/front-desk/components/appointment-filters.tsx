import {
  addDays,
  type AdminTreatment,
  type BookingStatus,
  type Doctor,
  type IsoDate,
} from '@clinic/shared';
import { DoctorFilterSelect, TreatmentFilterSelect } from '../../../components/doctor-treatment-selects.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import type { AdminBookingsFilters, Confirmation } from '../api/get-admin-bookings.ts';
import { STATUS_CHOICES, STATUS_LABELS } from '../utils/appointment-labels.ts';

type AppointmentFiltersProps = {
  /** What the admin has chosen; `q` as typed (the list asks once typing pauses). */
  value: AdminBookingsFilters;
  onChange: (filters: AdminBookingsFilters) => void;
  /** By id and name (the public list: the front desk reads it too). */
  doctors: readonly Pick<Doctor, '_id' | 'name'>[];
  treatments: readonly AdminTreatment[];
  today: IsoDate;
  /** The filters are the Unconfirmed view's (today and tomorrow, not confirmed by the patient). */
  isUnconfirmedView: boolean;
  /** Shows the Unconfirmed view, or, when it is shown, the day's whole list again. */
  onToggleUnconfirmedView: () => void;
};


/**
 * The day shown (previous, today, next, or any day picked), the Unconfirmed view, and the
 * filters: a range of days, status, the patient's confirmation, doctor, treatment and a search
 * over the patient and the treatment.
 */
export function AppointmentFilters({
  value,
  onChange,
  doctors,
  treatments,
  today,
  isUnconfirmedView,
  onToggleUnconfirmedView,
}: AppointmentFiltersProps) {
  const isOneDay = value.from === value.to;
  const showDay = (day: IsoDate) => onChange({ ...value, from: day, to: day });
  // A cleared date input says '': keep the dates the list has. A range turned around by one end
  // moves the other end with it, so the range is never empty.
  const setFrom = (from: string) => {
    if (from) onChange({ ...value, from, to: from > value.to ? from : value.to });
  };
  const setTo = (to: string) => {
    if (to) onChange({ ...value, to, from: to < value.from ? to : value.from });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <div role="group" aria-label="Change the day" className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="btn-sm"
            onClick={() => showDay(addDays(value.from, -1))}
          >
            <span aria-hidden="true">‹</span> Previous day
          </Button>
          <Button
            variant="outline"
            className="btn-sm"
            disabled={isOneDay && value.from === today}
            onClick={() => showDay(today)}
          >
            Today
          </Button>
          <Button
            variant="outline"
            className="btn-sm"
            onClick={() => showDay(addDays(value.to, 1))}
          >
            Next day <span aria-hidden="true">›</span>
          </Button>
        </div>
        <Button
          variant={isUnconfirmedView ? 'primary' : 'outline'}
          className="btn-sm"
          aria-pressed={isUnconfirmedView}
          title="Today's and tomorrow's appointments the patient has not confirmed"
          onClick={onToggleUnconfirmedView}
        >
          Unconfirmed
        </Button>
        <div className="w-full sm:w-48">
          <TextField
            label="Day"
            type="date"
            className="input-sm"
            value={isOneDay ? value.from : ''}
            onChange={(event) => {
              if (event.target.value) showDay(event.target.value);
            }}
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label="From"
          type="date"
          value={value.from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={value.to}
          onChange={(event) => setTo(event.target.value)}
        />
        <SelectField
          label="Status"
          value={value.status}
          onChange={(event) =>
            onChange({ ...value, status: event.target.value as BookingStatus | '' })
          }
        >
          <option value="">All statuses</option>
          {STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Confirmation"
          value={value.confirmation}
          onChange={(event) =>
            onChange({ ...value, confirmation: event.target.value as Confirmation | '' })
          }
        >
          <option value="">All</option>
          <option value="confirmed">Confirmed</option>
          <option value="unconfirmed">Unconfirmed</option>
        </SelectField>
        <DoctorFilterSelect
          doctors={doctors}
          value={value.doctorId}
          onChange={(doctorId) => onChange({ ...value, doctorId })}
        />
        <TreatmentFilterSelect
          treatments={treatments}
          value={value.treatmentId}
          onChange={(treatmentId) => onChange({ ...value, treatmentId })}
        />
        <TextField
          label="Search"
          type="search"
          autoComplete="off"
          placeholder="Patient name, email, phone or treatment"
          maxLength={100}
          value={value.q}
          onChange={(event) => onChange({ ...value, q: event.target.value })}
        />
      </div>
    </div>
  );
}
