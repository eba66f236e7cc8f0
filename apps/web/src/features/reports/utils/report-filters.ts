/**
 * The report's filters: a range of days, a doctor, a treatment. They live in the page's query
 * string (`?from&to&doctorId&treatmentId`), so a reload or a shared link shows the same report;
 * what is missing there is the default, the last 30 days ending today in the clinic's zone.
 */
import { addDays, type IsoDate } from '@clinic/shared';

export type ReportFilters = {
  from: IsoDate;
  to: IsoDate;
  /** Empty: every doctor. */
  doctorId: string;
  /** Empty: every treatment. */
  treatmentId: string;
};

/** How many days the report shows when the address names none. */
export const DEFAULT_RANGE_DAYS = 30;

export type RangePreset = {
  label: string;
  range: (today: IsoDate) => Pick<ReportFilters, 'from' | 'to'>;
};

/** The `n` days ending with `today`, today included. */
export function lastDays(today: IsoDate, n: number): Pick<ReportFilters, 'from' | 'to'> {
  return { from: addDays(today, 1 - n), to: today };
}

/** The same date a year earlier (Feb 29 becomes Mar 1). */
function aYearBefore(iso: IsoDate): IsoDate {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - 1, m - 1, d));
  return date.toISOString().slice(0, 10);
}

/** The ranges one click away; each is at most 366 days, the longest report the server makes. */
export const RANGE_PRESETS: readonly RangePreset[] = [
  { label: 'Last 7 days', range: (today) => lastDays(today, 7) },
  { label: 'Last 30 days', range: (today) => lastDays(today, DEFAULT_RANGE_DAYS) },
  { label: 'This month', range: (today) => ({ from: `${today.slice(0, 7)}-01`, to: today }) },
  { label: 'This year', range: (today) => ({ from: `${today.slice(0, 4)}-01-01`, to: today }) },
  {
    label: 'Last 12 months',
    // From the day after today's date a year ago: tomorrow a year ago.
    range: (today) => ({ from: aYearBefore(addDays(today, 1)), to: today }),
  },
];

/**
 * A day as a date input gives it, `YYYY-MM-DD`, else null (a hand-edited address may hold
 * anything). A day out of the server's years (a date input says `0002-06-05` while the year is
 * typed) is kept: the server says what is wrong with it, and the input keeps what was typed.
 */
function isoDateOf(value: string | null): IsoDate | null {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** The filters the query string asks for, the default range where it names no valid day. */
export function filtersFromSearch(search: URLSearchParams, today: IsoDate): ReportFilters {
  const fallback = lastDays(today, DEFAULT_RANGE_DAYS);
  return {
    from: isoDateOf(search.get('from')) ?? fallback.from,
    to: isoDateOf(search.get('to')) ?? fallback.to,
    doctorId: search.get('doctorId')?.trim() ?? '',
    treatmentId: search.get('treatmentId')?.trim() ?? '',
  };
}

/** Whether the query string names both ends of the range (then the clinic's today is not needed). */
export function hasRangeInSearch(search: URLSearchParams): boolean {
  return isoDateOf(search.get('from')) !== null && isoDateOf(search.get('to')) !== null;
}

/**
 * The filters as a query string, without the empty ones: the page's address, the API's query and
 * the CSV link's all take the same.
 */
export function reportsSearch(filters: ReportFilters): URLSearchParams {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.doctorId) search.set('doctorId', filters.doctorId);
  if (filters.treatmentId) search.set('treatmentId', filters.treatmentId);
  return search;
}
