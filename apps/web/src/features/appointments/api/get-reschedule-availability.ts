/**
 * `GET /api/availability?date=&treatmentId=&excludeBookingId=`: the free times of the booking's
 * treatment on a day, per lane (doctor), counting the booking's own time as free so the patient
 * can keep it or move within the day.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, IsoDate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availabilityQueryKey } from '../../../lib/query-keys.ts';

export function getRescheduleAvailability(
  date: IsoDate,
  treatmentId: string,
  bookingId: string,
  signal?: AbortSignal,
): Promise<Availability> {
  const query = new URLSearchParams({ date, treatmentId, excludeBookingId: bookingId });
  return api.get<Availability>(`/availability?${query.toString()}`, signal);
}

export function rescheduleAvailabilityQueryOptions(
  date: IsoDate,
  treatmentId: string,
  bookingId: string,
) {
  return queryOptions({
    queryKey: [...availabilityQueryKey, date, treatmentId, { excludeBookingId: bookingId }],
    queryFn: ({ signal }) => getRescheduleAvailability(date, treatmentId, bookingId, signal),
    // Others book all the time: each visit to a day asks again.
    staleTime: 0,
  });
}

export function useRescheduleAvailability(date: IsoDate, treatmentId: string, bookingId: string) {
  return useQuery(rescheduleAvailabilityQueryOptions(date, treatmentId, bookingId));
}
