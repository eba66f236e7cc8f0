/**
 * The invitations about a family member, mailed as a link (`/l/:token`):
 * `POST /api/me/dependents/:id/guardians` asks another adult to manage them too;
 * `POST /api/me/dependents/:id/handover` (from DEPENDENT_HANDOVER_AGE) offers the dependent
 * their own account. Both answer 202 `{ email, expiresAt }`; 409 `conflict` says why not.
 */
import { useMutation } from '@tanstack/react-query';
import type { InvitationRequest, InvitationSent } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export type InvitationKind = 'guardian' | 'handover';

const paths: Record<InvitationKind, string> = { guardian: 'guardians', handover: 'handover' };

export function sendInvitation(
  kind: InvitationKind,
  dependentId: string,
  request: InvitationRequest,
): Promise<InvitationSent> {
  return api.post<InvitationSent>(
    `/me/dependents/${encodeURIComponent(dependentId)}/${paths[kind]}`,
    request,
  );
}

export function useSendInvitation(kind: InvitationKind, dependentId: string) {
  return useMutation({
    mutationFn: (request: InvitationRequest) => sendInvitation(kind, dependentId, request),
  });
}
