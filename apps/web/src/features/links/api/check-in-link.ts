/** `POST /api/links/:token/check-in` (no body): the patient is at the clinic (practice-loop.md section 6.4). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath } from './get-link.ts';
import { refreshAfterLinkAction } from './refresh-after-link-action.ts';

export function useCheckInLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LinkResult>(linkPath(token, 'check-in'), undefined),
    onSuccess: (result) => refreshAfterLinkAction(queryClient, token, result.booking?._id),
  });
}
