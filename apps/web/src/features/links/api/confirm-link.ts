/** `POST /api/links/:token/confirm` (no body): the patient is coming. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath } from './get-link.ts';
import { refreshAfterLinkAction } from './refresh-after-link-action.ts';

export function confirmLink(token: string): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'confirm'), undefined);
}

export function useConfirmLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmLink(token),
    onSuccess: (result) => refreshAfterLinkAction(queryClient, token, result.booking?._id),
  });
}
