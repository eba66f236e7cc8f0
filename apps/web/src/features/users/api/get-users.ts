/**
 * `GET /api/user` (admin): the accounts with their roles (spec section 7), searched by name or
 * address and a page at a time on the server (`q`, `limit`, `offset`; the matches in all come in
 * `X-Total-Count`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListItem } from '@clinic/shared';
import { apiGetPage } from '../../../lib/api-client.ts';

export const usersQueryKey = ['users'] as const;

/** Rows per page of All Users. */
export const USERS_PAGE_SIZE = 25;

export type UsersPage = { users: UserListItem[]; total: number };

export async function getUsersPage(search: string, page: number, signal?: AbortSignal): Promise<UsersPage> {
  const params = new URLSearchParams({ limit: String(USERS_PAGE_SIZE), offset: String(page * USERS_PAGE_SIZE) });
  const q = search.trim();
  if (q) params.set('q', q);
  const { items, total } = await apiGetPage<UserListItem>(`/user?${params.toString()}`, signal);
  return { users: items, total: total ?? items.length };
}

export function usersPageQueryOptions(search: string, page: number) {
  // Other admins change roles and remove accounts: show the cached list, but always ask again.
  return queryOptions({
    queryKey: [...usersQueryKey, search.trim(), page],
    queryFn: ({ signal }) => getUsersPage(search, page, signal),
    staleTime: 0,
    // The page shown stays while the next one (or the search's) loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsersPage(search: string, page: number) {
  return useQuery(usersPageQueryOptions(search, page));
}
