/** `GET /api/me`: the signed-in account (session cookie or bearer), the app's auth state. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export type MeResponse = { user: Me };

export const meQueryKey = ['me'] as const;

export async function getMe(signal?: AbortSignal): Promise<Me> {
  const { user } = await api.get<MeResponse>('/me', signal);
  return user;
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

/** The signed-in user, `null` when signed out, `undefined` while loading. */
export function useMe() {
  return useQuery(meQueryOptions());
}
