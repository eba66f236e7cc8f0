/**
 * `GET /api/availability?date=&treatmentId=`: one treatment's free starts on a day, per lane. A
 * treatment that needs a doctor has a lane per doctor; one that does not has a single lane
 * without one. The booking dialog, the front desk's booking for a patient and the waitlist's
 * doctor choice all read it, under one key, so every change to bookings or hours refreshes them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, IsoDate } from '@clinic/shared';
import { api } from './api-client.ts';
import { availabilityQueryKey } from './query-keys.ts';

export function getAvailability(date: IsoDate, treatmentId: string, signal?: AbortSignal): Promise<Availability> {
  const query = new URLSearchParams({ date, treatmentId });
  return api.get<Availability>(`/availability?${query.toString()}`, signal);
}

export function availabilityQueryOptions(date: IsoDate, treatmentId: string) {
  return queryOptions({
    queryKey: [...availabilityQueryKey, date, treatmentId],
    queryFn: ({ signal }) => getAvailability(date, treatmentId, signal),
    // Others book all the time: each opening of a dialog asks again.
    staleTime: 0,
  });
}

export function useAvailability(date: IsoDate, treatmentId: string, isEnabled = true) {
  return useQuery({ ...availabilityQueryOptions(date, treatmentId), enabled: isEnabled });
}
