/**
 * `GET /api/me/dependents`: the people the signed-in account manages (practice-loop.md section 7),
 * each with their guardians and how many appointments they have coming.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dependent } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { dependentsQueryKey } from '../../../lib/query-keys.ts';

export function getDependents(signal?: AbortSignal): Promise<Dependent[]> {
  return api.get<Dependent[]>('/me/dependents', signal);
}

export function dependentsQueryOptions() {
  return queryOptions({
    queryKey: dependentsQueryKey,
    queryFn: ({ signal }) => getDependents(signal),
  });
}

/** `enabled`: false until there is a signed-in account to ask for. */
export function useDependents(enabled = true) {
  return useQuery({ ...dependentsQueryOptions(), enabled });
}
