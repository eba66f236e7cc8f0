/**
 * The free times of the booking's own treatment on a day, from the public `GET /api/available`
 * (`/api/availability`, which has them per doctor, needs a signed-in patient, and a link's
 * holder is not one). They are the times free with any of the treatment's doctors.
 */
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

/** Under the booking page's key: a booking anywhere in the app refreshes it. */
export function availableQueryOptions(date: IsoDate) {
  return queryOptions({
    queryKey: [...availableQueryKey, date],
    queryFn: ({ signal }) => getAvailable(date, signal),
    // Others book all the time: each day chosen is asked for again.
    staleTime: 0,
  });
}

export function useFreeTimes(date: IsoDate, treatmentId: string) {
  return useQuery({
    ...availableQueryOptions(date),
    select: (treatments) =>
      treatments.find((treatment) => treatment._id === treatmentId)?.slots ?? [],
  });
}
