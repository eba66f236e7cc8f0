/**
 * The patient's forms (practice-loop.md section 6.2): `GET /api/me/forms`, the medical history
 * filled in (`POST /api/me/forms/medical-history`) and a booking's consent signed
 * (`POST /api/booking/:id/consent`). Each signature asks for the forms again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormAnswers, MyForms } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const myFormsQueryKey = ['me', 'forms'] as const;

export function myFormsQueryOptions() {
  return queryOptions({ queryKey: myFormsQueryKey, queryFn: ({ signal }) => api.get<MyForms>('/me/forms', signal) });
}

export function useMyForms() {
  return useQuery(myFormsQueryOptions());
}

export type HistorySubmission = { version: number; answers: FormAnswers; typedName: string };

export function useSubmitHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, answers, typedName }: HistorySubmission) =>
      api.post<{ submission: { _id: string; submittedAt: string } }>('/me/forms/medical-history', { version, answers, signature: { typedName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myFormsQueryKey }),
  });
}

export function useSignConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, version, typedName }: { bookingId: string; version: number; typedName: string }) =>
      api.post<{ consent: { _id: string } }>(`/booking/${encodeURIComponent(bookingId)}/consent`, { version, typedName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myFormsQueryKey }),
  });
}
