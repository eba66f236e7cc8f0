import { useId } from 'react';
import type { Weekday } from '@clinic/shared';
import { Button } from '../../../components/ui/button.tsx';
import { END_TIMES, START_TIMES, timeLabel } from '../utils/schedule-labels.ts';
import {
  MAX_STRETCHES_PER_DAY,
  WEEKDAYS,
  WEEKDAY_NAMES,
  withStretchAdded,
  type DraftStretch,
  type WeekDraft,
  type WeekProblems,
} from '../utils/weekly-hours.ts';

type TimeSelectProps = {
  /** Read out before the visible label: which day and stretch it belongs to. */
  context: string;
  label: 'From' | 'To';
  times: readonly number[];
  value: number;
  onChange: (minutes: number) => void;
  disabled: boolean;
};

function TimeSelect({ context, label, times, value, onChange, disabled }: TimeSelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium">
        <span className="sr-only">{context} </span>
        {label}
      </label>
      <select
        id={id}
        className="select select-sm w-40"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {times.map((minutes) => (
          <option key={minutes} value={minutes}>
            {timeLabel(minutes)}
          </option>
        ))}
      </select>
    </div>
  );
}

type DayEditorProps = {
  day: Weekday;
  stretches: readonly DraftStretch[];
  problem: string | undefined;
  onChange: (stretches: readonly DraftStretch[]) => void;
  disabled: boolean;
};

function DayEditor({ day, stretches, problem, onChange, disabled }: DayEditorProps) {
  const problemId = useId();
  const name = WEEKDAY_NAMES[day];
  const update = (id: number, change: Partial<DraftStretch>) =>
    onChange(stretches.map((s) => (s.id === id ? { ...s, ...change } : s)));
  return (
    <fieldset
      className={`flex min-w-0 flex-col gap-2 rounded-box border p-3 ${problem ? 'border-error' : 'border-base-300'}`}
      aria-describedby={problem ? problemId : undefined}
      aria-invalid={problem ? true : undefined}
    >
      <legend className="px-1 font-medium">{name}</legend>
      {stretches.length === 0 ? (
        <p className="text-sm opacity-70">Closed</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {stretches.map((stretch, index) => {
            const context = `${name}, stretch ${index + 1}:`;
            return (
              <li key={stretch.id} className="flex flex-wrap items-end gap-2">
                <TimeSelect
                  context={context}
                  label="From"
                  times={START_TIMES}
                  value={stretch.start}
                  disabled={disabled}
                  onChange={(start) => update(stretch.id, { start })}
                />
                <TimeSelect
                  context={context}
                  label="To"
                  times={END_TIMES}
                  value={stretch.end}
                  disabled={disabled}
                  onChange={(end) => update(stretch.id, { end })}
                />
                <Button
                  variant="ghost"
                  className="btn-sm"
                  disabled={disabled}
                  aria-label={`Remove ${name}, stretch ${index + 1}`}
                  onClick={() => onChange(stretches.filter((s) => s.id !== stretch.id))}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="outline"
        className="btn-sm self-start"
        disabled={disabled || stretches.length >= MAX_STRETCHES_PER_DAY}
        aria-label={`Add a stretch on ${name}`}
        onClick={() => onChange(withStretchAdded(stretches))}
      >
        Add a stretch
      </Button>
      {problem && (
        <p id={problemId} className="text-sm text-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

type WeeklyHoursEditorProps = {
  value: WeekDraft;
  onChange: (next: WeekDraft) => void;
  /** What is wrong with each day, shown under it. */
  problems: WeekProblems;
  disabled?: boolean;
};

/**
 * A week of opening hours, for the clinic or one doctor: per weekday a list of from–to stretches
 * on the 30-minute grid, each removable, and a button to add one. The gaps between stretches are
 * the breaks; a day without stretches is closed. Controlled: the owner keeps the week and saves it.
 */
export function WeeklyHoursEditor({
  value,
  onChange,
  problems,
  disabled = false,
}: WeeklyHoursEditorProps) {
  return (
    <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
      {WEEKDAYS.map((day) => (
        <DayEditor
          key={day}
          day={day}
          stretches={value[day]}
          problem={problems[day]}
          disabled={disabled}
          onChange={(stretches) => onChange({ ...value, [day]: stretches })}
        />
      ))}
    </div>
  );
}
