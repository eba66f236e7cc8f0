/**
 * The patient's forms (practice-loop.md section 6.2): `GET /api/me/forms`, the medical history
 * filled in (`POST /api/me/forms/medical-history`) and a booking's consent signed
 * (`POST /api/booking/:id/consent`). Each signature asks for the forms again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dependent, FormAnswers, MyForms } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { dependentsQueryKey } from '../../../lib/query-keys.ts';

/** Every person's forms: the prefix a signature invalidates. */
export const myFormsQueryKey = ['me', 'forms'] as const;

/** `?for=`: a dependent's forms, which their guardian fills in (practice-loop.md section 7); none: the caller's own. */
const forQuery = (forId: string | undefined) => (forId ? `?for=${encodeURIComponent(forId)}` : '');

export function myFormsQueryOptions(forId?: string) {
  return queryOptions({ queryKey: [...myFormsQueryKey, forId ?? 'me'], queryFn: ({ signal }) => api.get<MyForms>(`/me/forms${forQuery(forId)}`, signal) });
}

export function useMyForms(forId?: string) {
  return useQuery(myFormsQueryOptions(forId));
}

/** The account's dependents, whose forms it may fill in too; empty for most accounts. */
export function useDependentsForForms() {
  return useQuery({ queryKey: dependentsQueryKey, queryFn: ({ signal }) => api.get<Dependent[]>('/me/dependents', signal) });
}

export type HistorySubmission = { version: number; answers: FormAnswers; typedName: string };

export function useSubmitHistory(forId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, answers, typedName }: HistorySubmission) =>
      api.post<{ submission: { _id: string; submittedAt: string } }>(`/me/forms/medical-history${forQuery(forId)}`, { version, answers, signature: { typedName } }),
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
