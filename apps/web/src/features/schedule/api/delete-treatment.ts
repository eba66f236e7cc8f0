/**
 * `DELETE /api/admin/treatments/:id?cancelFuture=` (admin): deletes a treatment never booked, and
 * archives one that was (`archived: true`). With confirmed bookings to come it answers 409
 * `has_future_bookings`, unless `cancelFuture` is set: then those are cancelled and each patient
 * is mailed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateSchedule, treatmentListKeys } from './invalidate-schedule.ts';

export type TreatmentDeleted = { deletedCount: number; archived: boolean };
export type DeleteTreatmentInput = { id: string; cancelFuture: boolean };

export function deleteTreatment({
  id,
  cancelFuture,
}: DeleteTreatmentInput): Promise<TreatmentDeleted> {
  return api.delete<TreatmentDeleted>(
    `/admin/treatments/${encodeURIComponent(id)}?cancelFuture=${String(cancelFuture)}`,
  );
}

export function useDeleteTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTreatment,
    onSettled: (_data, _error, { cancelFuture }) =>
      invalidateSchedule(queryClient, treatmentListKeys, { bookingsCancelled: cancelFuture }),
  });
}
