/**
 * `POST /api/admin/bookings` (admin): the front desk books for a patient who phoned, an existing
 * account found by email or a new patient (name, email, phone) mailed a link to set a password.
 * 201 says whether the account is new; 409 is the spec's conflict answer, the time taken first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminBookingRequest, adminBookingCreatedSchema } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { adminBookingChanged } from './admin-booking-changed.ts';

export type AdminBookingCreated = z.infer<typeof adminBookingCreatedSchema>;

export function createAdminBooking(request: AdminBookingRequest): Promise<AdminBookingCreated> {
  return api.post<AdminBookingCreated>('/admin/bookings', request);
}

export function useCreateAdminBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminBooking,
    // Booked or refused, the day's lists and free times may have changed: they all ask again.
    // No row to patch: a new booking comes into the list with its admin-only parts from the server.
    onSettled: () => adminBookingChanged(queryClient, undefined),
  });
}
