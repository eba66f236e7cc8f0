/** `PATCH /api/me/dependents/:id`: a family member's name, date of birth or relationship. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dependent, DependentPatch } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingsQueryKey, dependentsQueryKey } from '../../../lib/query-keys.ts';

export function updateDependent(id: string, patch: DependentPatch): Promise<Dependent> {
  return apiRequest<Dependent>(`/me/dependents/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
  });
}

export function useUpdateDependent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: DependentPatch }) =>
      updateDependent(id, patch),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dependentsQueryKey });
      // A new name is the name on their bookings too.
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
