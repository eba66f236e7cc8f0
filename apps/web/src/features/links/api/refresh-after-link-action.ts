/**
 * A link's action changed a booking: should the patient be signed in in this browser too, the
 * lists and free times that show it are asked for again; the link's own free times are old.
 * The link itself is not: a used link answers 409 (a recall link's booking is written into it
 * instead, see book-link.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  availabilityQueryKey,
  availableQueryKey,
  bookingKeyOf,
  bookingsQueryKey,
} from '../../../lib/query-keys.ts';
import { linkAvailabilityQueryKey } from './get-link-availability.ts';

export function refreshAfterLinkAction(
  queryClient: QueryClient,
  token: string,
  bookingId: string | undefined,
) {
  void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
  void queryClient.invalidateQueries({ queryKey: availableQueryKey });
  void queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
  // Marked old, not asked for now: the form showing them gives way to the result, and every
  // request counts against the links' limit of 20 a minute.
  void queryClient.invalidateQueries({
    queryKey: linkAvailabilityQueryKey(token),
    refetchType: 'none',
  });
  if (bookingId) void queryClient.invalidateQueries({ queryKey: bookingKeyOf(bookingId) });
}
