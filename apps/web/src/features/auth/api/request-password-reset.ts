/** `POST /api/auth/request-password-reset`: the same answer whether or not the address has an account. */
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordForm } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export function requestPasswordReset({ email }: ForgotPasswordForm): Promise<unknown> {
  return api.post('/auth/request-password-reset', { email: email.toLowerCase() });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
