/**
 * `POST /api/admin/staff` (admin): an existing account gets the role; a new address gets an
 * account and a welcome mail with a link to set its password. 201 `{ user }`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffInviteRequest, StaffUser } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

export function inviteStaff(request: StaffInviteRequest): Promise<{ user: StaffUser }> {
  return api.post<{ user: StaffUser }>('/admin/staff', request);
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
