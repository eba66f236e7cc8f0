/**
 * `GET /api/admin/recalls?status&from&to&treatmentId&limit&cursor` (front desk): the patients a
 * completed visit made due for a check-up, oldest due date first, a page at a time (each page's
 * `nextCursor` asks for the next, null after the last).
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminRecallsPage, IsoDate, RecallStatus } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';

/** Every page of every filter, as a prefix: the query adds the filters. */
export const recallsQueryKey = ['admin-recalls'] as const;

export const RECALLS_PAGE_SIZE = 50;

/** What the worklist is narrowed to; an empty string leaves that filter out. */
export type RecallFilters = {
  status: RecallStatus | '';
  /** Due dates from, to (inclusive). */
  from: IsoDate | '';
  to: IsoDate | '';
  treatmentId: string;
};

/** The desk's usual question: who is due now, whenever that was. */
export const defaultRecallFilters: RecallFilters = {
  status: 'due',
  from: '',
  to: '',
  treatmentId: '',
};

export function recallsSearch(filters: RecallFilters, cursor: string | null): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.treatmentId) search.set('treatmentId', filters.treatmentId);
  search.set('limit', String(RECALLS_PAGE_SIZE));
  if (cursor) search.set('cursor', cursor);
  return search;
}

export function getRecalls(
  filters: RecallFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminRecallsPage> {
  return api.get<AdminRecallsPage>(
    `/admin/recalls?${recallsSearch(filters, cursor).toString()}`,
    signal,
  );
}

export function recallsQueryOptions(filters: RecallFilters) {
  return infiniteQueryOptions({
    queryKey: [...recallsQueryKey, filters],
    queryFn: ({ pageParam, signal }) => getRecalls(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Patients book from their messages and colleagues call them: always ask again.
    staleTime: 0,
    // Another filter keeps the cards on screen until its own answer comes.
    placeholderData: keepPreviousData,
  });
}

export function useRecalls(filters: RecallFilters) {
  return useInfiniteQuery(recallsQueryOptions(filters));
}
