/**
 * A link's action changed a booking: should the patient be signed in in this browser too, the
 * lists and free times that show it are asked for again. The link itself is not: it is used now.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  availabilityQueryKey,
  availableQueryKey,
  bookingKeyOf,
  bookingsQueryKey,
} from '../../../lib/query-keys.ts';

export function refreshAfterLinkAction(queryClient: QueryClient, bookingId: string | undefined) {
  void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
  void queryClient.invalidateQueries({ queryKey: availableQueryKey });
  void queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
  if (bookingId) void queryClient.invalidateQueries({ queryKey: bookingKeyOf(bookingId) });
}
