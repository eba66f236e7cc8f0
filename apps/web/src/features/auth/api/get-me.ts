/** `GET /api/me`: the signed-in account (session cookie or bearer), the app's auth state. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@clinic/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { clearAccessToken } from '../../../lib/token-storage.ts';

export type MeResponse = { user: Me };

export const meQueryKey = ['me'] as const;

export async function getMe(signal?: AbortSignal): Promise<Me> {
  try {
    const { user } = await api.get<MeResponse>('/me', signal);
    return user;
  } catch (error) {
    // A rejected (expired, revoked) bearer token means signed out, not a broken page.
    if (isApiError(error) && error.status === 401) {
      clearAccessToken();
      return null;
    }
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/** The signed-in user, `null` when signed out, `undefined` while loading. */
export function useMe() {
  return useQuery(meQueryOptions());
}
