/**
 * After the front desk changes a booking (its status, a cancellation, a move, a payment taken):
 * the row shows the server's answer (or what it implies) at once, then every list asks again,
 * since the booking may have left a filter or freed a time others can now book.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { AdminBooking, AdminBookingsPage, Booking } from '@clinic/shared';
import {
  availabilityQueryKey,
  availableQueryKey,
  bookingsQueryKey,
  calendarQueryKey,
} from '../../../lib/query-keys.ts';
import { adminBookingsQueryKey } from './get-admin-bookings.ts';

/** What changed of a row: the booking as the server answered, or the fields an answer implies. */
export type AdminBookingPatch = Booking | (Pick<AdminBooking, '_id'> & Partial<AdminBooking>);

export function adminBookingChanged(
  queryClient: QueryClient,
  booking: AdminBookingPatch | undefined,
): void {
  // A list request sent before the change (a search still loading) would answer with the old
  // row, and an invalidation joins a fetch already running on a query without data: cancel those
  // first, so the lists ask again after the change.
  void queryClient.cancelQueries({ queryKey: adminBookingsQueryKey }).then(() => refetchAll(queryClient));
  if (booking) {
    queryClient.setQueriesData<InfiniteData<AdminBookingsPage>>(
      { queryKey: adminBookingsQueryKey },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            // The answer is the booking as patients see it: the row keeps its admin-only parts.
            items: page.items.map((item) =>
              item._id === booking._id ? { ...item, ...booking } : item,
            ),
          })),
        },
    );
  }
}

function refetchAll(queryClient: QueryClient) {
  const keys = [
    adminBookingsQueryKey,
    bookingsQueryKey,
    availableQueryKey,
    calendarQueryKey,
    availabilityQueryKey,
  ];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
