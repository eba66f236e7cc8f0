/**
 * `POST /api/auth/two-factor/enable` with the password: a new authenticator secret (as an
 * `otpauth://` link) and ten backup codes. Two-step sign-in is on only once a first code from
 * the app is confirmed (confirm-two-factor.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type EnableTwoFactorResponse = { totpURI: string; backupCodes: string[] };

export function enableTwoFactor(password: string): Promise<EnableTwoFactorResponse> {
  return api.post<EnableTwoFactorResponse>('/auth/two-factor/enable', { password });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
