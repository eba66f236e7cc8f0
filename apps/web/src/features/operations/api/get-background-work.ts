/**
 * `GET /api/admin/background` (admin): the clinic's background jobs per kind, the latest that
 * failed, the mail outbox by state and the next scheduled mails (reminders). It changes on its
 * own as the workers run, so it is asked for again every 30 seconds while shown.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackgroundWork } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export function getBackgroundWork(signal?: AbortSignal): Promise<BackgroundWork> {
  return api.get<BackgroundWork>('/admin/background', signal);
}

export function backgroundWorkQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'background'],
    queryFn: ({ signal }) => getBackgroundWork(signal),
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useBackgroundWork() {
  return useQuery(backgroundWorkQueryOptions());
}
