/**
 * `POST /api/auth/two-factor/disable` with the password. The session is replaced, so the access
 * token is renewed and the account read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { renewAccessToken } from './renew-access-token.ts';

export function disableTwoFactor(password: string): Promise<unknown> {
  return api.post('/auth/two-factor/disable', { password });
}

export function useDisableTwoFactor(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await disableTwoFactor(password);
      await renewAccessToken(queryClient, email);
    },
  });
}
