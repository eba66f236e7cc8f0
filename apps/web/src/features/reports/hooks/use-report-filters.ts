/**
 * The report's filters, read from and written to the page's query string (report-filters.ts).
 * The default range ends on the clinic's today, so it waits for the clinic's zone (the profile is
 * usually cached already: the footer shows it) unless the address names both ends of the range.
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { IsoDate } from '@clinic/shared';
import { useClinic } from '../../../lib/clinic-query.ts';
import { clinicToday } from '../../../lib/local-today.ts';
import {
  filtersFromSearch,
  hasRangeInSearch,
  reportsSearch,
  type ReportFilters,
} from '../utils/report-filters.ts';

export type ReportFiltersState = {
  filters: ReportFilters;
  /** The clinic's today (the browser's while the clinic's zone is unknown). */
  today: IsoDate;
  /** The range is settled: the report may be asked for. */
  isReady: boolean;
  /** Shows other filters; replaces the history entry rather than adding one per change. */
  setFilters: (filters: ReportFilters) => void;
};

export function useReportFilters(): ReportFiltersState {
  const [searchParams, setSearchParams] = useSearchParams();
  const clinic = useClinic();
  // The moment the page opened: the default range does not move while it stays open.
  const [openedAt] = useState(() => Date.now());
  const today = clinicToday(openedAt, clinic.data?.timezone || undefined);
  const filters = filtersFromSearch(searchParams, today);
  const isReady = hasRangeInSearch(searchParams) || !clinic.isPending;

  const setFilters = useCallback(
    (next: ReportFilters) => setSearchParams(reportsSearch(next), { replace: true }),
    [setSearchParams],
  );

  return { filters, today, isReady, setFilters };
}
