/**
 * `PUT /api/admin/users/:id/role` (admin): gives an account a role, `doctorId` for a doctor's.
 * Refusals carry why: the last admin (409), a doctor another account works as (409).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetRoleRequest, StaffUser } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export type SetUserRoleInput = { userId: string } & SetRoleRequest;

export function setUserRole({ userId, ...request }: SetUserRoleInput): Promise<{ user: StaffUser }> {
  return api.put<{ user: StaffUser }>(`/admin/users/${encodeURIComponent(userId)}/role`, request);
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    // Refused or not, the roles shown may be stale (another admin changed them).
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
