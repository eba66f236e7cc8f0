/**
 * `GET /api/availability?date&treatmentId` for booking on a patient's behalf: one treatment's
 * free times on a day, per lane (a doctor, or none for a treatment that needs no doctor).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, IsoDate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availabilityQueryKey } from '../../../lib/query-keys.ts';

export type AvailabilityInput = { date: IsoDate; treatmentId: string };

export function getAvailability(
  { date, treatmentId }: AvailabilityInput,
  signal?: AbortSignal,
): Promise<Availability> {
  const search = new URLSearchParams({ date, treatmentId });
  return api.get<Availability>(`/availability?${search.toString()}`, signal);
}

export function availabilityQueryOptions(input: AvailabilityInput) {
  return queryOptions({
    // Under the shared key, so that every change to bookings or hours refreshes it too.
    queryKey: [...availabilityQueryKey, input.date, input.treatmentId],
    queryFn: ({ signal }) => getAvailability(input, signal),
    // Others book all the time: each opening asks again.
    staleTime: 0,
  });
}

export function useAvailability(input: AvailabilityInput, isEnabled: boolean) {
  return useQuery({ ...availabilityQueryOptions(input), enabled: isEnabled });
}
