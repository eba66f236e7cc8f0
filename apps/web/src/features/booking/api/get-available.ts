/** `GET /api/available?date=`: every treatment with its free slots on one day (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsoDate, TreatmentAvailability } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availableQueryKey } from '../../../lib/query-keys.ts';

export function getAvailable(
  date: IsoDate,
  signal?: AbortSignal,
): Promise<TreatmentAvailability[]> {
  return api.get<TreatmentAvailability[]>(`/available?date=${encodeURIComponent(date)}`, signal);
}

export function availableQueryOptions(date: IsoDate) {
  return queryOptions({
    queryKey: [...availableQueryKey, date],
    queryFn: ({ signal }) => getAvailable(date, signal),
    // Other patients take slots all the time: a day seen before shows its cached list at once
    // but is always asked for again.
    staleTime: 0,
  });
}

/** The treatments and free slots of `date`; a new date is a new query (spec section 4). */
export function useAvailable(date: IsoDate) {
  return useQuery(availableQueryOptions(date));
}
