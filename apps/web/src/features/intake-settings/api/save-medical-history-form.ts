/**
 * `PUT /api/admin/forms/medical-history` (admin): the form as a new version; patients' earlier
 * answers keep theirs. The answer is the form as now current.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMedicalHistory, MedicalHistoryFormInput } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { adminMedicalHistoryQueryKey } from './get-medical-history-form.ts';

export function saveMedicalHistoryForm(input: MedicalHistoryFormInput): Promise<AdminMedicalHistory> {
  return api.put<AdminMedicalHistory>('/admin/forms/medical-history', input);
}

export function useSaveMedicalHistoryForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMedicalHistoryForm,
    onSuccess: (saved) => queryClient.setQueryData(adminMedicalHistoryQueryKey, saved),
  });
}
