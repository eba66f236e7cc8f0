/**
 * `GET /api/links/:token` (public): what a link in a reminder is for, the appointment and the
 * patient's first name. 404 unknown, 410 `link_expired`, 409 `link_used` with what happened.
 *
 * Asked once per visit: once the patient has acted, asking again answers 409 `link_used`, which
 * would swap the page's result for the "used" screen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkView } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

export const linkQueryKey = (token: string) => ['link', token] as const;

export function linkPath(token: string, action?: string): string {
  return `/links/${encodeURIComponent(token)}${action ? `/${action}` : ''}`;
}

export function getLink(token: string, signal?: AbortSignal): Promise<LinkView> {
  return api.get<LinkView>(linkPath(token), signal);
}

export function linkQueryOptions(token: string) {
  return queryOptions({
    queryKey: linkQueryKey(token),
    queryFn: ({ signal }) => getLink(token, signal),
    staleTime: Infinity,
  });
}

export function useLink(token: string) {
  return useQuery(linkQueryOptions(token));
}
