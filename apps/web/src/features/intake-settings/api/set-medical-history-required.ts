/**
 * `PATCH /api/admin/forms/medical-history { required }` (admin): whether patients must fill the
 * form in before a visit; no new version. MEDICAL_HISTORY_REQUIRED on the server overrides it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMedicalHistory } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMedicalHistoryQueryKey } from './get-medical-history-form.ts';

export function setMedicalHistoryRequired(required: boolean): Promise<AdminMedicalHistory> {
  return apiRequest<AdminMedicalHistory>('/admin/forms/medical-history', { method: 'PATCH', body: { required } });
}

export function useSetMedicalHistoryRequired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMedicalHistoryRequired,
    onSuccess: (saved) => queryClient.setQueryData(adminMedicalHistoryQueryKey, saved),
  });
}
