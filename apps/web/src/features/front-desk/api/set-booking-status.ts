/**
 * `PATCH /api/admin/bookings/:id/status` (admin): what happened at the appointment, completed or
 * no-show (or a correction between the two). The server refuses (409, with why) a mark before the
 * appointment has started, or one it does not allow from the booking's current status.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminBookingChanged } from './admin-booking-changed.ts';

export type MarkedStatus = 'completed' | 'no_show';
export type SetBookingStatusInput = { id: string; status: MarkedStatus };

export function setBookingStatus({ id, status }: SetBookingStatusInput): Promise<Booking> {
  return apiRequest<Booking>(`/admin/bookings/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status },
  });
}

export function useSetBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookingStatus,
    onSuccess: (booking) => adminBookingChanged(queryClient, booking),
  });
}
