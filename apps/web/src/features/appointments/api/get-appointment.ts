/**
 * `GET /api/booking/:id`: one of the patient's bookings with its history (`events`); 404 for a
 * booking that is not theirs, as for one that does not exist.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { bookingKeyOf, bookingsQueryKey } from '../../../lib/query-keys.ts';

/** Under the booking's key, so the payment page's refresh after a payment reaches it too. */
export const appointmentQueryKey = (id: string) => [...bookingKeyOf(id), 'detail'] as const;

export function getAppointment(id: string, signal?: AbortSignal): Promise<BookingDetail> {
  return api.get<BookingDetail>(`/booking/${encodeURIComponent(id)}`, signal);
}

export function appointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentQueryKey(id),
    queryFn: ({ signal }) => getAppointment(id, signal),
    // Whether it may still be changed depends on the clock and on the clinic: ask on each visit.
    staleTime: 0,
  });
}

export function useAppointment(id: string) {
  return useQuery(appointmentQueryOptions(id));
}

/**
 * After a cancellation or a move: the booking (here and on the payment page) and the patient's
 * list have changed. Not awaited: the page shows the outcome at once.
 */
export function refreshAfterChange(queryClient: QueryClient, id: string): void {
  void queryClient.invalidateQueries({ queryKey: bookingKeyOf(id) });
  void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
}
