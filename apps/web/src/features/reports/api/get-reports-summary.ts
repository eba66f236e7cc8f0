/**
 * `GET /api/admin/reports/summary?from&to&doctorId&treatmentId` (admin): the clinic's figures for
 * a range of days (at most 366), narrowed to one doctor or one treatment if asked.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportsSummary } from '@clinic/shared';
import { api } from '../../../lib/api-client.ts';
import { reportsSearch, type ReportFilters } from '../utils/report-filters.ts';

/** Every range and filter, as a prefix: the query adds the filters. */
export const reportsSummaryQueryKey = ['admin-reports-summary'] as const;

export function getReportsSummary(
  filters: ReportFilters,
  signal?: AbortSignal,
): Promise<ReportsSummary> {
  return api.get<ReportsSummary>(
    `/admin/reports/summary?${reportsSearch(filters).toString()}`,
    signal,
  );
}

export function reportsSummaryQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: [...reportsSummaryQueryKey, filters],
    queryFn: ({ signal }) => getReportsSummary(filters, signal),
    // Bookings, payments and outcomes change all day: ask again whenever the page opens.
    staleTime: 0,
    // Another range keeps the figures on screen (dimmed) until its own answer comes.
    placeholderData: keepPreviousData,
  });
}

/** `isEnabled`: false until the range is known (the clinic's today, from its zone). */
export function useReportsSummary(filters: ReportFilters, isEnabled = true) {
  return useQuery({ ...reportsSummaryQueryOptions(filters), enabled: isEnabled });
}
