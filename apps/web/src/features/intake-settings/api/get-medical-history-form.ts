/**
 * `GET /api/admin/forms/medical-history` (admin): the clinic's medical-history form, current
 * version, and whether patients must fill it in before a visit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMedicalHistory } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const adminMedicalHistoryQueryKey = ['admin-medical-history'] as const;

export function getMedicalHistoryForm(signal?: AbortSignal): Promise<AdminMedicalHistory> {
  return api.get<AdminMedicalHistory>('/admin/forms/medical-history', signal);
}

export function medicalHistoryFormQueryOptions() {
  return queryOptions({
    queryKey: adminMedicalHistoryQueryKey,
    queryFn: ({ signal }) => getMedicalHistoryForm(signal),
    // Another admin may have saved a version meanwhile: ask again on every visit.
    staleTime: 0,
  });
}

export function useMedicalHistoryForm() {
  return useQuery(medicalHistoryFormQueryOptions());
}
