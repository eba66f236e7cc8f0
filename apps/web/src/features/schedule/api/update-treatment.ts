/**
 * `PATCH /api/admin/treatments/:id` (admin): changes some of a treatment's fields; `active: false`
 * archives it (patients can no longer book it, old bookings keep it) and `true` restores it. A
 * 409 explains itself in `detail`, and lists bookings when a new duration would overlap them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTreatment, TreatmentUpdate } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateSchedule, treatmentListKeys } from './invalidate-schedule.ts';

export type UpdateTreatmentInput = { id: string; changes: TreatmentUpdate };

export function updateTreatment({ id, changes }: UpdateTreatmentInput): Promise<AdminTreatment> {
  return apiRequest<AdminTreatment>(`/admin/treatments/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
  });
}

export function useUpdateTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTreatment,
    onSettled: () => invalidateSchedule(queryClient, treatmentListKeys),
  });
}
