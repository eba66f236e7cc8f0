import type { AdminTreatment, RecallStatus } from '@clinic/shared';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import type { RecallFilters as Filters } from '../api/get-recalls.ts';
import { RECALL_STATUSES, RECALL_STATUS_LABELS } from '../utils/recall-labels.ts';

type RecallFiltersProps = {
  value: Filters;
  onChange: (filters: Filters) => void;
  treatments: readonly AdminTreatment[];
};

/**
 * The status (Due first), the due dates from and to (either may stay empty), and the treatment.
 * A range turned around by one end moves the other end with it, so it is never empty.
 */
export function RecallFilters({ value, onChange, treatments }: RecallFiltersProps) {
  const setFrom = (from: string) =>
    onChange({ ...value, from, to: from && value.to && from > value.to ? from : value.to });
  const setTo = (to: string) =>
    onChange({ ...value, to, from: to && value.from && to < value.from ? to : value.from });
  const sorted = [...treatments].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField
        label="Status"
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: event.target.value as RecallStatus | '' })
        }
      >
        {RECALL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {RECALL_STATUS_LABELS[status]}
          </option>
        ))}
        <option value="">All</option>
      </SelectField>
      <TextField
        label="Due from"
        type="date"
        value={value.from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        label="Due to"
        type="date"
        value={value.to}
        onChange={(event) => setTo(event.target.value)}
      />
      <SelectField
        label="Treatment"
        value={value.treatmentId}
        onChange={(event) => onChange({ ...value, treatmentId: event.target.value })}
      >
        <option value="">All treatments</option>
        {sorted.map((treatment) => (
          <option key={treatment._id} value={treatment._id}>
            {treatment.active ? treatment.name : `${treatment.name} (archived)`}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
