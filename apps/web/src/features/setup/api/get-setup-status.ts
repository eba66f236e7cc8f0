/**
 * `GET /api/setup` (public): whether the portal still waits for its first run. Once an admin
 * exists the server answers 404, which means the same as `{ needed: false }`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setupStatusSchema } from '@clinic/shared';
import { api, isApiError } from '../../../lib/api-client.ts';

export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const setupStatusQueryKey = ['setup-status'] as const;

export async function getSetupStatus(signal?: AbortSignal): Promise<SetupStatus> {
  try {
    return await api.get<SetupStatus>('/setup', signal);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { needed: false };
    throw error;
  }
}

export function setupStatusQueryOptions() {
  return queryOptions({
    queryKey: setupStatusQueryKey,
    queryFn: ({ signal }) => getSetupStatus(signal),
    staleTime: 0,
  });
}

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions());
}
