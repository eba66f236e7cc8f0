/**
 * The report's filters: the range (two dates, or a preset), a doctor and a treatment. A range
 * turned around by one end moves the other end with it. What the server refused about a filter
 * (a range longer than 366 days, say) shows under that filter.
 */
import { useId } from 'react';
import type { AdminTreatment, IsoDate, PublicDoctor } from '@clinic/shared';
import { DoctorFilterSelect, TreatmentFilterSelect } from '../../../components/doctor-treatment-selects.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { RANGE_PRESETS, type ReportFilters } from '../utils/report-filters.ts';

/** Messages per filter, from the server's refusal. */
export type FilterErrors = { range?: string; doctorId?: string; treatmentId?: string };

type ReportFiltersFormProps = {
  value: ReportFilters;
  onChange: (filters: ReportFilters) => void;
  today: IsoDate;
  doctors: readonly Pick<PublicDoctor, '_id' | 'name'>[];
  treatments: readonly AdminTreatment[];
  errors: FilterErrors;
};


export function ReportFiltersForm({
  value,
  onChange,
  today,
  doctors,
  treatments,
  errors,
}: ReportFiltersFormProps) {
  const toId = useId();
  // A cleared date input says '': keep the range the report has.
  const setFrom = (from: string) => {
    if (from) onChange({ ...value, from, to: from > value.to ? from : value.to });
  };
  const setTo = (to: string) => {
    if (to) onChange({ ...value, to, from: to < value.from ? to : value.from });
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Ranges" className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((preset) => {
          const range = preset.range(today);
          const isCurrent = range.from === value.from && range.to === value.to;
          return (
            <Button
              key={preset.label}
              variant={isCurrent ? 'primary' : 'outline'}
              className="btn-sm"
              aria-pressed={isCurrent}
              onClick={() => onChange({ ...value, ...range })}
            >
              {preset.label}
            </Button>
          );
        })}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="From"
          type="date"
          value={value.from}
          aria-invalid={errors.range ? true : undefined}
          aria-describedby={errors.range ? `${toId}-error` : undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          id={toId}
          label="To"
          type="date"
          value={value.to}
          error={errors.range}
          onChange={(event) => setTo(event.target.value)}
        />
        <DoctorFilterSelect
          doctors={doctors}
          value={value.doctorId}
          error={errors.doctorId}
          onChange={(doctorId) => onChange({ ...value, doctorId })}
        />
        <TreatmentFilterSelect
          treatments={treatments}
          value={value.treatmentId}
          error={errors.treatmentId}
          onChange={(treatmentId) => onChange({ ...value, treatmentId })}
        />
      </div>
    </div>
  );
}
