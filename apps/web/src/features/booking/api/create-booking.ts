/**
 * `POST /api/booking`: books one slot of one treatment. A 409 answers like the spec: besides the
 * problem fields its body carries `{ success: false, booking }`, the booking that stands in the
 * way (the patient's own booking of that treatment that day, or the slot someone just took).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingConflictSchema, type Booking, type BookingRequest } from '@clinic/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { availableQueryKey, bookingsQueryKey } from '../../../lib/query-keys.ts';

export type BookingCreated = { success: true; booking: Booking };

export function createBooking(input: BookingRequest): Promise<BookingCreated> {
  return api.post<BookingCreated>('/booking', input);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Whatever the answer (spec section 4), the free slots and the patient's bookings may have
    // changed. Not awaited: the dialog closes at once and the lists catch up behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: availableQueryKey });
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}

export type BookingInTheWay = { date: string; slot: string; treatment: string };

/** The booking a 409 names, or null when the error is not the spec's conflict answer. */
export function bookingInTheWay(error: unknown): BookingInTheWay | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = bookingConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data.booking : null;
}
