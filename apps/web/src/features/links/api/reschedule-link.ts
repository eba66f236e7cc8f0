/**
 * `POST /api/links/:token/reschedule { date, slot, doctorId? }`: moves the booking as the patient
 * would signed in (a reschedule link, or a recall link that booked one). Without `doctorId` the
 * server takes whichever doctor is free then. A time taken meanwhile is a 409 conflict; a closed
 * window 409 `reschedule_window_closed`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkRescheduleRequest, LinkResult } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { linkPath, rememberRecallBooking } from './get-link.ts';
import { linkAvailabilityQueryKey } from './get-link-availability.ts';
import { refreshAfterLinkAction } from './refresh-after-link-action.ts';

export function rescheduleLink(token: string, input: LinkRescheduleRequest): Promise<LinkResult> {
  return api.post<LinkResult>(linkPath(token, 'reschedule'), input);
}

export function useRescheduleLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkRescheduleRequest) => rescheduleLink(token, input),
    onSuccess: (result) => {
      rememberRecallBooking(queryClient, token, result.booking);
      refreshAfterLinkAction(queryClient, token, result.booking?._id);
    },
    // A refusal may mean the time was just taken: the free times are asked for again.
    onError: () => queryClient.invalidateQueries({ queryKey: linkAvailabilityQueryKey(token) }),
  });
}
