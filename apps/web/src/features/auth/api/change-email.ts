/**
 * `POST /api/auth/change-email`: mails a link to the new address; the account's address changes
 * when it is followed (then the link lands on /verify-email). The answer is the same whether or
 * not another account has that address.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function changeEmail(newEmail: string): Promise<unknown> {
  return api.post('/auth/change-email', {
    newEmail: newEmail.trim().toLowerCase(),
    callbackURL: '/verify-email',
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
