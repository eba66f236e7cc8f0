/**
 * `PUT /api/admin/treatments/:id/consent { text }` (admin): a new version of the treatment's
 * consent text, or null for none. Consents already signed keep the text they were signed with.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TreatmentConsent } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { treatmentConsentQueryKey } from './get-treatment-consent.ts';

export type SaveTreatmentConsentInput = { treatmentId: string; text: string | null };

export function saveTreatmentConsent({ treatmentId, text }: SaveTreatmentConsentInput): Promise<TreatmentConsent> {
  return api.put<TreatmentConsent>(`/admin/treatments/${encodeURIComponent(treatmentId)}/consent`, { text });
}

export function useSaveTreatmentConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTreatmentConsent,
    onSuccess: (saved) => queryClient.setQueryData(treatmentConsentQueryKey(saved.treatmentId), saved),
  });
}
