/**
 * `POST /api/links/:token/cancel { reason? }`: cancels as the patient would signed in, within
 * the same notice window (409 `cancel_window_closed`, whose detail says to call the clinic).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkCancelRequest, LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath } from './get-link.ts';
import { refreshAfterLinkAction } from './refresh-after-link-action.ts';

export function cancelLink(token: string, input: LinkCancelRequest): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'cancel'), input);
}

export function useCancelLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkCancelRequest) => cancelLink(token, input),
    onSuccess: (result) => refreshAfterLinkAction(queryClient, token, result.booking?._id),
  });
}
