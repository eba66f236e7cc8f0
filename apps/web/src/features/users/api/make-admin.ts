/** `PUT /api/user/admin/:email` (admin): promotes a user; `modifiedCount` 0 means already one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export type MakeAdminResponse = { modifiedCount: number };

export function makeAdmin(email: string): Promise<MakeAdminResponse> {
  return api.put<MakeAdminResponse>(`/user/admin/${encodeURIComponent(email)}`, undefined);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    // Whatever the answer, the list refreshes (spec section 4): the role shown may be stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
