/**
 * `PATCH /api/admin/bookings/:id/status`, the front desk's status route, which a doctor may use on
 * their own lane: completed or no-show once the appointment has started (409 with why, otherwise).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { staffDayQueryKey } from './get-staff-day.ts';

export type VisitOutcome = 'completed' | 'no_show';
export type MarkVisitInput = { bookingId: string; status: VisitOutcome };

export function markVisit({ bookingId, status }: MarkVisitInput): Promise<Booking> {
  return apiRequest<Booking>(`/admin/bookings/${encodeURIComponent(bookingId)}/status`, {
    method: 'PATCH',
    body: { status },
  });
}

export function useMarkVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVisit,
    // Refused or not, the day shown may be stale (someone at the desk marked it first).
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffDayQueryKey }),
  });
}
