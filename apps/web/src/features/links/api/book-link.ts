/**
 * `POST /api/links/:token/book { date, slot, doctorId? }` (a recall link): books one of the
 * recalled treatment's free times as the patient would signed in. 409 `link_used` once booked
 * from it; a time taken meanwhile is a 409 conflict, and the free times are asked for again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkBookRequest, LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath, rememberRecallBooking } from './get-link.ts';
import { linkAvailabilityQueryKey } from './get-link-availability.ts';
import { refreshAfterLinkAction } from './refresh-after-link-action.ts';

export function bookLink(token: string, input: LinkBookRequest): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'book'), input);
}

export function useBookLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkBookRequest) => bookLink(token, input),
    onSuccess: (result) => {
      rememberRecallBooking(queryClient, token, result.booking);
      refreshAfterLinkAction(queryClient, token, result.booking?._id);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: linkAvailabilityQueryKey(token) }),
  });
}
