/** `GET /api/user` (admin): every account with its role (spec section 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListItem } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const usersQueryKey = ['users'] as const;

export function getUsers(signal?: AbortSignal): Promise<UserListItem[]> {
  return api.get<UserListItem[]>('/user', signal);
}

export function usersQueryOptions() {
  // Other admins change roles and remove accounts: show the cached list, but always ask again.
  return queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal), staleTime: 0 });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
