/**
 * `PUT /api/admin/doctors/:id/treatments` (admin): replaces the treatments one doctor performs.
 * A 409 `has_future_bookings` lists the doctor's bookings of a treatment being taken away.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DoctorTreatments } from './get-doctor-treatments.ts';
import { invalidateSchedule, treatmentListKeys } from './invalidate-schedule.ts';

export type SaveDoctorTreatmentsInput = { doctorId: string; treatmentIds: string[] };

export function saveDoctorTreatments({
  doctorId,
  treatmentIds,
}: SaveDoctorTreatmentsInput): Promise<DoctorTreatments> {
  return api.put<DoctorTreatments>(`/admin/doctors/${encodeURIComponent(doctorId)}/treatments`, {
    treatmentIds,
  });
}

export function useSaveDoctorTreatments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDoctorTreatments,
    // A treatment's own list of doctors changes with it.
    onSuccess: () => invalidateSchedule(queryClient, treatmentListKeys),
  });
}
