/**
 * The "All doctors" and "All treatments" selects of the staff's filters (the front desk's list,
 * the reports): doctors and treatments by name, an archived treatment marked as such.
 */
import type { AdminTreatment } from '@clinic/shared';
import { SelectField } from './ui/form-field.tsx';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

type SelectProps = { value: string; onChange: (id: string) => void; error?: string };

export function DoctorFilterSelect({ doctors, value, onChange, error }: SelectProps & { doctors: readonly { _id: string; name: string }[] }) {
  return (
    <SelectField label="Doctor" value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      <option value="">All doctors</option>
      {[...doctors].sort(byName).map((doctor) => (
        <option key={doctor._id} value={doctor._id}>
          {doctor.name}
        </option>
      ))}
    </SelectField>
  );
}

export function TreatmentFilterSelect({ treatments, value, onChange, error }: SelectProps & { treatments: readonly AdminTreatment[] }) {
  return (
    <SelectField label="Treatment" value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      <option value="">All treatments</option>
      {[...treatments].sort(byName).map((treatment) => (
        <option key={treatment._id} value={treatment._id}>
          {treatment.active ? treatment.name : `${treatment.name} (archived)`}
        </option>
      ))}
    </SelectField>
  );
}
