/** `DELETE /api/doctor/:email` (admin): `deletedCount` 0 means someone deleted them already. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { doctorsQueryKey } from '../../../lib/doctors-query.ts';

export type DeleteDoctorResponse = { deletedCount: number };

export function deleteDoctor(email: string): Promise<DeleteDoctorResponse> {
  return api.delete<DeleteDoctorResponse>(`/doctor/${encodeURIComponent(email)}`);
}

export function useDeleteDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDoctor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: doctorsQueryKey }),
  });
}
