/**
 * `GET /api/calendar?from=&to=`: which days of a range the clinic is open, and how many starts
 * are free on each. The booking page's date picker asks for the month it shows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endOfMonth, startOfMonth } from 'date-fns';
import type { CalendarDay, IsoDate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { calendarQueryKey } from '../../../lib/query-keys.ts';
import { fromIsoDate, toIsoDate } from '../hooks/use-selected-date.ts';

export function getCalendar(
  from: IsoDate,
  to: IsoDate,
  signal?: AbortSignal,
): Promise<CalendarDay[]> {
  const query = new URLSearchParams({ from, to });
  return api.get<CalendarDay[]>(`/calendar?${query.toString()}`, signal);
}

/** The whole month `day` falls in (at most 31 days: well inside the API's 62). */
export function calendarMonthQueryOptions(day: IsoDate) {
  const month = fromIsoDate(day);
  const from = toIsoDate(startOfMonth(month));
  const to = toIsoDate(endOfMonth(month));
  return queryOptions({
    queryKey: [...calendarQueryKey, from, to],
    queryFn: ({ signal }) => getCalendar(from, to, signal),
  });
}

/** The calendar of the month `day` falls in. */
export function useCalendarMonth(day: IsoDate) {
  return useQuery(calendarMonthQueryOptions(day));
}
