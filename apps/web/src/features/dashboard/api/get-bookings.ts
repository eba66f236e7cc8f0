/**
 * `GET /api/booking?patient=`: the signed-in patient's own bookings (spec section 7). The
 * server leaves cancelled bookings out unless asked with `include=cancelled` (the list's
 * "Show past and cancelled").
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { bookingsQueryKey } from '../../../lib/query-keys.ts';

export function getBookings(
  email: string,
  signal?: AbortSignal,
  includeCancelled = false,
): Promise<Booking[]> {
  const query = new URLSearchParams({ patient: email.toLowerCase() });
  if (includeCancelled) query.set('include', 'cancelled');
  return api.get<Booking[]>(`/booking?${query.toString()}`, signal);
}

export function bookingsQueryOptions(email: string, includeCancelled = false) {
  return queryOptions({
    queryKey: [
      ...bookingsQueryKey,
      email.toLowerCase(),
      includeCancelled ? 'with-cancelled' : 'active',
    ],
    queryFn: ({ signal }) => getBookings(email, signal, includeCancelled),
    // Switching the toggle keeps the table on screen (and the toggle under the pointer) until
    // the other list arrives.
    placeholderData: keepPreviousData,
  });
}

export function useBookings(email: string, includeCancelled = false) {
  return useQuery(bookingsQueryOptions(email, includeCancelled));
}
