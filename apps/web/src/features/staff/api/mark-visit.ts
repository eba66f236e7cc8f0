/**
 * Completed or no-show from a doctor's day (`lib/set-booking-status.ts`, the front desk's status
 * route, which a doctor may use on their own lane).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setBookingStatus } from '../../../lib/set-booking-status.ts';
import { staffDayQueryKey } from './get-staff-day.ts';

export function useMarkVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookingStatus,
    // Refused or not, the day shown may be stale (someone at the desk marked it first).
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffDayQueryKey }),
  });
}
