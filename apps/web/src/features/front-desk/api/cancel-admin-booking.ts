/**
 * `POST /api/admin/bookings/:id/cancel` (admin): the clinic cancels, with the reason, what to
 * refund of a paid booking (all, nothing, or part, in cents) and whether to mail the patient.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCancelRequest, Booking } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { adminBookingChanged } from './admin-booking-changed.ts';

export type AdminCancelResult = {
  booking: Booking;
  refund: { status: 'pending' | 'succeeded' | 'failed'; amount: number } | null;
};
export type CancelAdminBookingInput = { id: string; request: AdminCancelRequest };

export function cancelAdminBooking({
  id,
  request,
}: CancelAdminBookingInput): Promise<AdminCancelResult> {
  return api.post<AdminCancelResult>(`/admin/bookings/${encodeURIComponent(id)}/cancel`, request);
}

export function useCancelAdminBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminBooking,
    onSuccess: (result) => adminBookingChanged(queryClient, result.booking),
  });
}
