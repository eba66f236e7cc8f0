/**
 * The day the booking page shows, kept in the query string (`?date=YYYY-MM-DD`) so the home
 * hero's calendar can link to a day and a reload or a shared link keeps it.
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { format } from 'date-fns';
import { parseDateInput, type IsoDate } from '@clinic/shared';

/** A calendar day (a Date at local midnight, as the day picker uses) as ISO. */
export function toIsoDate(day: Date): IsoDate {
  return format(day, 'yyyy-MM-dd');
}

/** An ISO day as a Date at local midnight, for the day picker. */
export function fromIsoDate(iso: IsoDate): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * "Today" is the browser's local date: the API does not expose the clinic's time zone. For a
 * patient in the clinic's zone that is the same day; elsewhere, near midnight, the server may see
 * another day and simply answers with no free slots for a day already over there (or refuses a
 * booking with its own message), so nothing wrong can be booked.
 */
export function localToday(): IsoDate {
  return toIsoDate(new Date());
}

export type SelectedDate = {
  /** The day shown: the query string's, when it is a real day not before today; else today. */
  date: IsoDate;
  today: IsoDate;
  /** Shows another day; replaces the history entry rather than adding one per click. */
  setDate: (date: IsoDate) => void;
};

export function useSelectedDate(): SelectedDate {
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(localToday);
  const requested = parseDateInput(searchParams.get('date') ?? '');
  const date = requested !== null && requested >= today ? requested : today;

  const setDate = useCallback(
    (next: IsoDate) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('date', next);
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { date, today, setDate };
}
