/**
 * `GET /api/admin/treatments/:id/consent` (admin): the consent text patients sign before this
 * treatment, current version (version 0 and text null: none yet).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TreatmentConsent } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const treatmentConsentQueryKey = (treatmentId: string) => ['treatment-consent', treatmentId] as const;

export function getTreatmentConsent(treatmentId: string, signal?: AbortSignal): Promise<TreatmentConsent> {
  return api.get<TreatmentConsent>(`/admin/treatments/${encodeURIComponent(treatmentId)}/consent`, signal);
}

export function treatmentConsentQueryOptions(treatmentId: string) {
  return queryOptions({
    queryKey: treatmentConsentQueryKey(treatmentId),
    queryFn: ({ signal }) => getTreatmentConsent(treatmentId, signal),
    staleTime: 0,
  });
}

export function useTreatmentConsent(treatmentId: string) {
  return useQuery(treatmentConsentQueryOptions(treatmentId));
}
