/**
 * `POST /api/auth/reset-password` with the token from the mailed link. The server ends every
 * session of the account, so the person signs in again with the new password.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

export function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<unknown> {
  return api.post('/auth/reset-password', { token, newPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
