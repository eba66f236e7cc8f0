/**
 * The second step of a sign-in with two-step sign-in on: `POST /api/auth/two-factor/verify-totp`
 * (a code from the authenticator app) or `verify-backup-code`, then the token step, as a
 * password-only sign-in ends. The password step left a short-lived cookie naming the sign-in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorCodeForm } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { completeSignIn } from './exchange-access-token.ts';

export function verifyTwoFactor({ method, code }: TwoFactorCodeForm): Promise<unknown> {
  const path =
    method === 'totp' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code';
  return api.post(path, { code });
}

export function useVerifyTwoFactor(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TwoFactorCodeForm) => {
      await verifyTwoFactor(input);
      await completeSignIn(queryClient, email);
    },
  });
}
