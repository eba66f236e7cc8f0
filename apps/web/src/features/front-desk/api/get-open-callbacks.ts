/**
 * `GET /api/admin/callbacks?open=true` (front desk): the patients who asked, from a link in a
 * message, to be phoned about an appointment, and whom nobody has called back yet; oldest first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallbacksPage } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

/** Every list of callbacks (open and resolved), as a prefix. */
export const callbacksQueryKey = ['admin-callbacks'] as const;

export const openCallbacksQueryKey = [...callbacksQueryKey, { open: true }] as const;

// Patients ask while the desk has the page open: look again now and then, not only on focus.
const OPEN_CALLBACKS_REFRESH_MS = 60_000;

export function getOpenCallbacks(signal?: AbortSignal): Promise<CallbacksPage> {
  return api.get<CallbacksPage>('/admin/callbacks?open=true', signal);
}

export function openCallbacksQueryOptions() {
  return queryOptions({
    queryKey: openCallbacksQueryKey,
    queryFn: ({ signal }) => getOpenCallbacks(signal),
    staleTime: 0,
    refetchInterval: OPEN_CALLBACKS_REFRESH_MS,
  });
}

export function useOpenCallbacks() {
  return useQuery(openCallbacksQueryOptions());
}
