/**
 * `DELETE /api/user/:email` (admin): removes an account and cancels its upcoming bookings
 * (DESIGN.md section 6). A 409 with a detail refuses one's own account or the last admin.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export type RemoveUserResponse = { deletedCount: number };

export function removeUser(email: string): Promise<RemoveUserResponse> {
  return api.delete<RemoveUserResponse>(`/user/${encodeURIComponent(email)}`);
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
