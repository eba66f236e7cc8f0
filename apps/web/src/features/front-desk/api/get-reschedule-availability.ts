/**
 * `GET /api/availability?date&treatmentId&excludeBookingId` for moving a booking: the free times
 * of its treatment on a day, per lane (doctor), with the booking's own time counted as free.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability, IsoDate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { availabilityQueryKey } from '../../../lib/query-keys.ts';

export type RescheduleAvailabilityInput = {
  date: IsoDate;
  treatmentId: string;
  bookingId: string;
};

export function getRescheduleAvailability(
  { date, treatmentId, bookingId }: RescheduleAvailabilityInput,
  signal?: AbortSignal,
): Promise<Availability> {
  const search = new URLSearchParams({ date, treatmentId, excludeBookingId: bookingId });
  return api.get<Availability>(`/availability?${search.toString()}`, signal);
}

export function rescheduleAvailabilityQueryOptions(input: RescheduleAvailabilityInput) {
  return queryOptions({
    // Under the booking page's key, so that every change to bookings or hours refreshes it too.
    queryKey: [
      ...availabilityQueryKey,
      input.date,
      input.treatmentId,
      { exclude: input.bookingId },
    ],
    queryFn: ({ signal }) => getRescheduleAvailability(input, signal),
    staleTime: 0,
  });
}

export function useRescheduleAvailability(input: RescheduleAvailabilityInput, isEnabled: boolean) {
  return useQuery({ ...rescheduleAvailabilityQueryOptions(input), enabled: isEnabled });
}
