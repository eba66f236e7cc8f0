import { useMemo, type ComponentPropsWithRef } from 'react';
import { timeZoneChoices } from '../lib/time-zones.ts';
import { SelectField } from './ui/form-field.tsx';

type TimeZoneFieldProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & {
  label?: string;
  error?: string | undefined;
  /** Zones to offer even when the browser's list lacks them: the saved one, the browser's. */
  include?: readonly (string | undefined)[];
};

/** A select of the IANA time zones (`Europe/Berlin`), for the clinic's zone. */
export function TimeZoneField({ label = 'Time zone', include = [], ...props }: TimeZoneFieldProps) {
  const key = include.join('|');
  // The list has several hundred entries: built once per set of extra zones.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `include`
  const zones = useMemo(() => timeZoneChoices(...include), [key]);
  return (
    <SelectField label={label} {...props}>
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </SelectField>
  );
}
