/** `GET /api/booking/:id`: one of the patient's own bookings (spec section 7); 404 otherwise. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Booking } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { bookingsQueryKey } from '../../../lib/query-keys.ts';

export const bookingQueryKey = (id: string) => ['booking', id] as const;

export function getBooking(id: string, signal?: AbortSignal): Promise<Booking> {
  return api.get<Booking>(`/booking/${encodeURIComponent(id)}`, signal);
}

export function bookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookingQueryKey(id),
    queryFn: ({ signal }) => getBooking(id, signal),
    // Paid in another tab, or cancelled: whether to offer the form is asked afresh on each visit.
    staleTime: 0,
  });
}

export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}

/**
 * After a payment (or a refusal saying it is already paid or cancelled) the booking and the
 * patient's list have changed. Not awaited: the page shows the outcome at once.
 */
export function refreshAfterPayment(queryClient: QueryClient, bookingId: string): void {
  void queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId) });
  void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
}
