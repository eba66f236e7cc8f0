/** `DELETE /api/waitlist/:id`: the patient stops waiting; no more offers come for that entry. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { waitlistQueryKey } from './get-waitlist.ts';

export function leaveWaitlist(entryId: string): Promise<void> {
  return api.delete<void>(`/waitlist/${encodeURIComponent(entryId)}`);
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    // A refusal too: a 404 means the entry ended meanwhile (booked, expired), so the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
