/**
 * `POST /api/waitlist`: waits for a treatment over a date range, optionally with one doctor and
 * within a time of day. 409 `conflict` when the patient already waits for that treatment, 409
 * `waitlist_limit_reached` when they already wait on as many entries as one may.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry, WaitlistJoin } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { waitlistQueryKey } from './get-waitlist.ts';

export function joinWaitlist(input: WaitlistJoin): Promise<{ entry: WaitlistEntry }> {
  return api.post<{ entry: WaitlistEntry }>('/waitlist', input);
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
