/**
 * `GET /api/links/:token/availability?date=` (public): the free times of the link's own treatment
 * on a day, per doctor, the link's booking's own time counting as free. What a link's holder
 * chooses from when moving the booking or, from a recall link, booking another time.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, IsoDate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath } from './get-link.ts';

/** Apart from the link's own key: asking for the times again must not ask for the link again. */
export const linkAvailabilityQueryKey = (token: string) => ['link-availability', token] as const;

export function getLinkAvailability(
  token: string,
  date: IsoDate,
  signal?: AbortSignal,
): Promise<Availability> {
  return api.get<Availability>(
    `${linkPath(token, 'availability')}?date=${encodeURIComponent(date)}`,
    signal,
  );
}

export function linkAvailabilityQueryOptions(token: string, date: IsoDate) {
  return queryOptions({
    queryKey: [...linkAvailabilityQueryKey(token), date],
    queryFn: ({ signal }) => getLinkAvailability(token, date, signal),
    // Others book all the time: each day chosen is asked for again.
    staleTime: 0,
  });
}

export function useLinkAvailability(token: string, date: IsoDate) {
  return useQuery(linkAvailabilityQueryOptions(token, date));
}
