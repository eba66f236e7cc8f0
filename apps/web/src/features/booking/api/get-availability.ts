/**
 * `GET /api/availability?date=&treatmentId=`: one treatment's free starts on a day, per lane. A
 * treatment that needs a doctor has a lane per doctor; one that does not has a single lane
 * without one. The booking dialog asks when it opens, for every lane at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, IsoDate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availabilityQueryKey } from '../../../lib/query-keys.ts';

export function getAvailability(
  date: IsoDate,
  treatmentId: string,
  signal?: AbortSignal,
): Promise<Availability> {
  const query = new URLSearchParams({ date, treatmentId });
  return api.get<Availability>(`/availability?${query.toString()}`, signal);
}

export function availabilityQueryOptions(date: IsoDate, treatmentId: string) {
  return queryOptions({
    queryKey: [...availabilityQueryKey, date, treatmentId],
    queryFn: ({ signal }) => getAvailability(date, treatmentId, signal),
    // As the day's list: others book all the time, so each opening of the dialog asks again.
    staleTime: 0,
  });
}

export function useAvailability(date: IsoDate, treatmentId: string) {
  return useQuery(availabilityQueryOptions(date, treatmentId));
}
