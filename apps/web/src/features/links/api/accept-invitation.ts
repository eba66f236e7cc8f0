/**
 * `POST /api/links/:token/accept`: an invitation about a family member accepted. A `guardian`
 * invitation is accepted signed in (the bearer the client sends) as the address it was sent to,
 * with no body; a `handover` invitation with the password of the account it becomes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkAcceptRequest, LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { bookingsQueryKey, dependentsQueryKey } from '../../../lib/query-keys.ts';
import { linkPath } from './get-link.ts';

export function acceptInvitation(
  token: string,
  request: LinkAcceptRequest = {},
): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'accept'), request);
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request?: LinkAcceptRequest) => acceptInvitation(token, request),
    // A new guardian's lists now hold the family member and their appointments.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dependentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
