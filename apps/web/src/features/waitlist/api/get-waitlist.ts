/**
 * `GET /api/waitlist`: the patient's active waitlist entries, each with its open offers. Offers
 * come and go on the server's clock (a cancellation elsewhere, an offer expiring), so the list is
 * asked for again every 30 seconds while it is on screen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistList } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const WAITLIST_REFETCH_MS = 30_000;

/** Joining, leaving and claiming change it; so does the server's matching, hence the polling. */
export const waitlistQueryKey = ['waitlist'] as const;

export function getWaitlist(signal?: AbortSignal): Promise<WaitlistList> {
  return api.get<WaitlistList>('/waitlist', signal);
}

export function waitlistQueryOptions() {
  return queryOptions({
    queryKey: waitlistQueryKey,
    queryFn: ({ signal }) => getWaitlist(signal),
    staleTime: 0,
    refetchInterval: WAITLIST_REFETCH_MS,
  });
}

export function useWaitlist() {
  return useQuery(waitlistQueryOptions());
}
