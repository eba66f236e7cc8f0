/**
 * The weekly-hours editor's model: per ISO weekday ('1' Monday … '7' Sunday) the stretches being
 * edited, turned into the `weekdays` body of `PUT /api/admin/working-hours` and checked by the
 * schema the route checks it with (on the grid, end after start, no overlap). Pure.
 */
import { weekdaysSchema, type Weekday, type Weekdays, type WorkingHours } from '@clinic/shared';
import { MINUTES_PER_DAY, GRID_MINUTES, stretchLabel } from './schedule-labels.ts';

export const WEEKDAYS: readonly Weekday[] = ['1', '2', '3', '4', '5', '6', '7'];

export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  '1': 'Monday',
  '2': 'Tuesday',
  '3': 'Wednesday',
  '4': 'Thursday',
  '5': 'Friday',
  '6': 'Saturday',
  '7': 'Sunday',
};

/** The most stretches one day can have (the schema's limit). */
export const MAX_STRETCHES_PER_DAY = 12;

/** A stretch on screen: `id` keeps its row (and focus) in place while others come and go. */
export type DraftStretch = { id: number; start: number; end: number };
export type WeekDraft = Readonly<Record<Weekday, readonly DraftStretch[]>>;
/** What is wrong with a day, by weekday; days absent are fine. */
export type WeekProblems = Partial<Record<Weekday, string>>;

let lastStretchId = 0;
function nextStretchId(): number {
  lastStretchId += 1;
  return lastStretchId;
}

/** The editor's start: the saved hours, each day in time order; null (or a day absent) is closed. */
export function draftOf(weekdays: WorkingHours['weekdays']): WeekDraft {
  const draft = {} as Record<Weekday, DraftStretch[]>;
  for (const day of WEEKDAYS) {
    draft[day] = [...(weekdays?.[day] ?? [])]
      .sort((a, b) => a.start - b.start)
      .map(({ start, end }) => ({ id: nextStretchId(), start, end }));
  }
  return draft;
}

/**
 * The PUT body's `weekdays`: all seven days, each in time order, a closed day as []. Not checked
 * here (see weekProblems).
 */
export function weekdaysOf(draft: WeekDraft): Weekdays {
  const weekdays: Weekdays = {};
  for (const day of WEEKDAYS) {
    weekdays[day] = [...draft[day]]
      .sort((a, b) => a.start - b.start)
      .map(({ start, end }) => ({ start, end }));
  }
  return weekdays;
}

/**
 * One more stretch on a day: from an hour after the day's last one ends (a break between them),
 * four hours long, within the day; a closed day opens 08.00 AM – 12.00 PM.
 */
export function withStretchAdded(stretches: readonly DraftStretch[]): DraftStretch[] {
  const lastEnd = stretches.reduce((latest, s) => Math.max(latest, s.end), 0);
  const start =
    stretches.length === 0 ? 8 * 60 : Math.min(lastEnd + 60, MINUTES_PER_DAY - GRID_MINUTES);
  const end = Math.min(start + 4 * 60, MINUTES_PER_DAY);
  return [...stretches, { id: nextStretchId(), start, end }];
}

/** What the route's schema would refuse, the first message per day. */
export function weekProblems(draft: WeekDraft): WeekProblems {
  const parsed = weekdaysSchema.safeParse(weekdaysOf(draft));
  if (parsed.success) return {};
  const problems: WeekProblems = {};
  for (const issue of parsed.error.issues) {
    const day = String(issue.path[0]) as Weekday;
    if (WEEKDAYS.includes(day) && !problems[day]) problems[day] = issue.message;
  }
  return problems;
}

/**
 * The server's field errors put on the days they name (`weekdays.3`, `weekdays.3.0.end`, `3`);
 * the rest is for the caller to show another way.
 */
export function dayProblemsOf(errors: Readonly<Record<string, string[]>>): WeekProblems {
  const problems: WeekProblems = {};
  for (const [field, [message]] of Object.entries(errors)) {
    const day = /^(?:weekdays\.)?([1-7])(?:\.|$)/.exec(field)?.[1] as Weekday | undefined;
    if (day && message && !problems[day]) problems[day] = message;
  }
  return problems;
}

/** One day's hours in words: '08.00 AM – 12.00 PM, 01.00 PM – 05.00 PM', or 'Closed'. */
export function dayHoursLabel(
  stretches: readonly { start: number; end: number }[] | undefined,
): string {
  if (!stretches || stretches.length === 0) return 'Closed';
  return [...stretches]
    .sort((a, b) => a.start - b.start)
    .map((s) => stretchLabel(s.start, s.end))
    .join(', ');
}
