/**
 * After a change to treatments, doctors' treatments, weekly hours or closures, what the admin
 * screens and the booking page show of the schedule may be out of date. Not awaited: a form
 * answers at once and the lists catch up behind it.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  availabilityQueryKey,
  availableQueryKey,
  bookingsQueryKey,
  calendarQueryKey,
  servicesQueryKey,
} from '../../../lib/query-keys.ts';
import { adminTreatmentsQueryKey } from '../../../lib/admin-treatments-query.ts';
import { clinicQueryKey } from '../../../lib/clinic-query.ts';
import { doctorTreatmentsQueryKey } from './get-doctor-treatments.ts';

/** What a change of who does which treatment touches, and the specialties named after them. */
export const treatmentListKeys: readonly (readonly unknown[])[] = [
  adminTreatmentsQueryKey,
  doctorTreatmentsQueryKey,
  servicesQueryKey,
];

export function invalidateSchedule(
  queryClient: QueryClient,
  keys: readonly (readonly unknown[])[],
  { bookingsCancelled = false }: { bookingsCancelled?: boolean } = {},
): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  // What the booking page offers: free slots, open days, each doctor's free starts.
  for (const queryKey of [availableQueryKey, calendarQueryKey, availabilityQueryKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  // The public pages' opening hours are derived from the clinic's weekly hours.
  void queryClient.invalidateQueries({ queryKey: clinicQueryKey });
  // Cancelled bookings leave the patients' lists (an admin can be a patient too).
  if (bookingsCancelled) void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
}
