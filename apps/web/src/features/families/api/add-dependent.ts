/**
 * `POST /api/me/dependents`: adds a family member the account manages. 400 with `errors` per
 * field (a date of birth in the future is the server's to refuse, by its clock).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dependent, DependentInput } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { dependentsQueryKey } from '../../../lib/query-keys.ts';

export function addDependent(input: DependentInput): Promise<Dependent> {
  return api.post<Dependent>('/me/dependents', input);
}

export function useAddDependent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDependent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dependentsQueryKey }),
  });
}
