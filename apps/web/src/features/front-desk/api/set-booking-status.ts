/**
 * Completed or no-show from All Appointments (`lib/set-booking-status.ts`): the row shows the
 * server's answer and the lists ask again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setBookingStatus } from '../../../lib/set-booking-status.ts';
import { adminBookingChanged } from './admin-booking-changed.ts';

export function useSetBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookingStatus,
    onSuccess: (booking) => adminBookingChanged(queryClient, booking),
  });
}
