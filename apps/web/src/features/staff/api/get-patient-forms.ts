/**
 * `GET /api/admin/patients/:id/forms` (the patient's doctor, the owner; never the front desk): the
 * patient's medical histories, newest first, and signed consents. Every read is audited as a read
 * of health data, so it is asked for only when a doctor opens it, and never kept for later.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientForms } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const patientFormsQueryKey = (patientId: string) => ['patient-forms', patientId] as const;

export function getPatientForms(patientId: string, signal?: AbortSignal): Promise<PatientForms> {
  return api.get<PatientForms>(`/admin/patients/${encodeURIComponent(patientId)}/forms`, signal);
}

export function patientFormsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: patientFormsQueryKey(patientId),
    queryFn: ({ signal }) => getPatientForms(patientId, signal),
    // Health data: gone from memory once the dialog closes, asked for afresh when reopened.
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePatientForms(patientId: string) {
  return useQuery(patientFormsQueryOptions(patientId));
}
