/**
 * `POST /api/admin/bookings/:id/reschedule` (admin): moves a booking to another free time of its
 * treatment, whatever the patients' notice window. `If-Match` names the version the admin saw:
 * 412 when the booking changed meanwhile; 409 when the time was taken first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, RescheduleRequest } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { adminBookingChanged } from './admin-booking-changed.ts';

export type RescheduleAdminBookingInput = {
  id: string;
  /** The booking's version as the admin saw it. */
  version: number;
  request: RescheduleRequest;
};

export function rescheduleAdminBooking({
  id,
  version,
  request,
}: RescheduleAdminBookingInput): Promise<{ booking: Booking }> {
  return api.post<{ booking: Booking }>(
    `/admin/bookings/${encodeURIComponent(id)}/reschedule`,
    request,
    { 'If-Match': `"v${version}"` },
  );
}

export function useRescheduleAdminBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAdminBooking,
    // A failure may mean the booking or the free times changed: the lists ask again either way.
    onSettled: (result) => adminBookingChanged(queryClient, result?.booking),
  });
}
