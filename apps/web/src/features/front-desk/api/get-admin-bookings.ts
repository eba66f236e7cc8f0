/**
 * `GET /api/admin/bookings?from&to&status&confirmation&doctorId&treatmentId&q&limit&cursor`
 * (front desk): the front desk's list of appointments, a page at a time in start order (keyset
 * paging: each page's `nextCursor` asks for the next, null after the last).
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminBookingsPage, BookingStatus, IsoDate } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

/** Every page of every filter, as a prefix: the query adds the filters. */
export const adminBookingsQueryKey = ['admin-bookings'] as const;

export const ADMIN_BOOKINGS_PAGE_SIZE = 50;

/** Whether the patient said they are coming (a reminder's confirm link); not a status. */
export type Confirmation = 'confirmed' | 'unconfirmed';

/** What the list is narrowed to; an empty string leaves that filter out. */
export type AdminBookingsFilters = {
  from: IsoDate;
  to: IsoDate;
  status: BookingStatus | '';
  confirmation: Confirmation | '';
  doctorId: string;
  treatmentId: string;
  q: string;
};

/** The filters as a query string, without the empty ones (the CSV export takes the same). */
export function adminBookingsSearch(filters: AdminBookingsFilters): URLSearchParams {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.status) search.set('status', filters.status);
  if (filters.confirmation) search.set('confirmation', filters.confirmation);
  if (filters.doctorId) search.set('doctorId', filters.doctorId);
  if (filters.treatmentId) search.set('treatmentId', filters.treatmentId);
  const q = filters.q.trim();
  if (q) search.set('q', q);
  return search;
}

export function getAdminBookings(
  filters: AdminBookingsFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminBookingsPage> {
  const search = adminBookingsSearch(filters);
  search.set('limit', String(ADMIN_BOOKINGS_PAGE_SIZE));
  if (cursor) search.set('cursor', cursor);
  return api.get<AdminBookingsPage>(`/admin/bookings?${search.toString()}`, signal);
}

export function adminBookingsQueryOptions(filters: AdminBookingsFilters) {
  return infiniteQueryOptions({
    queryKey: [...adminBookingsQueryKey, filters],
    queryFn: ({ pageParam, signal }) => getAdminBookings(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The desk's list changes all day (patients book, cancel, pay): always ask again.
    staleTime: 0,
    // A new filter keeps the rows on screen until its own answer comes, instead of a spinner
    // on every keystroke of the search.
    placeholderData: keepPreviousData,
  });
}

export function useAdminBookings(filters: AdminBookingsFilters) {
  return useInfiniteQuery(adminBookingsQueryOptions(filters));
}
