/** `GET /api/booking?patient=`: the signed-in patient's own bookings (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { bookingsQueryKey } from '../../../lib/query-keys.ts';

export function getBookings(email: string, signal?: AbortSignal): Promise<Booking[]> {
  return api.get<Booking[]>(`/booking?patient=${encodeURIComponent(email.toLowerCase())}`, signal);
}

export function bookingsQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, email.toLowerCase()],
    queryFn: ({ signal }) => getBookings(email, signal),
  });
}

export function useBookings(email: string) {
  return useQuery(bookingsQueryOptions(email));
}
