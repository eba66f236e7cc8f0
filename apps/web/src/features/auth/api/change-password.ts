/**
 * `POST /api/auth/change-password`: the current password and a new one. The server ends every
 * session of the account, this one included, and signs this browser into a new one: the access
 * token is renewed on it (as after turning two-step sign-in on).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { renewAccessToken } from './renew-access-token.ts';
import { sessionsQueryKey } from './list-sessions.ts';

export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return api.post('/auth/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
}

export function useChangePassword(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      await changePassword(input.currentPassword, input.newPassword);
      await renewAccessToken(queryClient, email);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
