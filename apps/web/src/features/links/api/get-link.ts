/**
 * `GET /api/links/:token` (public): what a link in a reminder is for, the appointment and the
 * patient's first name. 404 unknown, 410 `link_expired`, 409 `link_used` with what happened.
 *
 * Asked once per visit: once the patient has acted, asking again answers 409 `link_used`, which
 * would swap the page's result for the "used" screen. A recall link is the exception (it keeps
 * showing the booking made from it): see rememberRecallBooking.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LinkBooking, LinkView } from '@clinic/shared';
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

/**
 * A recall link booked (or moved) its booking: the link shows it from now on, without its
 * suggestions, as asking the server again would answer. Written into the cached view rather than
 * asked for, so that coming back to the page does not offer the booked times again.
 */
export function rememberRecallBooking(
  queryClient: QueryClient,
  token: string,
  booking: LinkBooking | undefined,
) {
  if (!booking) return;
  queryClient.setQueryData<LinkView>(linkQueryKey(token), (view) => {
    if (view?.purpose !== 'recall') return view;
    const { suggestions: _offered, ...rest } = view;
    return { ...rest, booking };
  });
}
