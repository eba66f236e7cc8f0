/**
 * `POST /api/admin/treatments` (admin): adds a treatment. A 409 with `errors.name` means another
 * treatment has that name already.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TreatmentCreate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { invalidateSchedule, treatmentListKeys } from './invalidate-schedule.ts';

export type TreatmentCreated = { insertedId: string };

export function createTreatment(input: TreatmentCreate): Promise<TreatmentCreated> {
  return api.post<TreatmentCreated>('/admin/treatments', input);
}

export function useCreateTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTreatment,
    onSuccess: () => invalidateSchedule(queryClient, treatmentListKeys),
  });
}
