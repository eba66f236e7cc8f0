/** `GET /api/admin/doctors/:id/treatments` (admin): the treatments one doctor performs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type DoctorTreatments = { treatmentIds: string[] };

/** Every doctor's list, as a prefix: the query adds the doctor's id. */
export const doctorTreatmentsQueryKey = ['doctor-treatments'] as const;

export function getDoctorTreatments(
  doctorId: string,
  signal?: AbortSignal,
): Promise<DoctorTreatments> {
  return api.get<DoctorTreatments>(
    `/admin/doctors/${encodeURIComponent(doctorId)}/treatments`,
    signal,
  );
}

export function doctorTreatmentsQueryOptions(doctorId: string) {
  return queryOptions({
    queryKey: [...doctorTreatmentsQueryKey, doctorId],
    queryFn: ({ signal }) => getDoctorTreatments(doctorId, signal),
    staleTime: 0,
  });
}

export function useDoctorTreatments(doctorId: string) {
  return useQuery(doctorTreatmentsQueryOptions(doctorId));
}
