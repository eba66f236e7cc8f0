/**
 * `DELETE /api/me`: deletes the signed-in account. The password again for an account that has
 * one; none for a Google-only account, which must have signed in within the last few minutes
 * (else 401 `reauth_required`, whose detail says what to do).
 */
import { useMutation } from '@tanstack/react-query';
import type { AccountDeleted, AccountDeletion } from '@clinic/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteAccount(input: AccountDeletion): Promise<AccountDeleted> {
  return apiRequest<AccountDeleted>('/me', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
