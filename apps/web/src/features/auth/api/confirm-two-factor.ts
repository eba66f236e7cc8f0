/**
 * `POST /api/auth/two-factor/verify-totp` while signed in: the first code from the app turns
 * two-step sign-in on. The session is replaced, so the access token is renewed and the account
 * read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { renewAccessToken } from './renew-access-token.ts';

export function confirmTwoFactor(code: string): Promise<unknown> {
  return api.post('/auth/two-factor/verify-totp', { code });
}

export function useConfirmTwoFactor(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await confirmTwoFactor(code);
      await renewAccessToken(queryClient, email);
    },
  });
}
