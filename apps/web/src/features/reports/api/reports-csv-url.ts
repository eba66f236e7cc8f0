/**
 * `GET /api/admin/reports/summary.csv?<filters>` (admin): the same figures by day, as a
 * spreadsheet the server sends as an attachment. A plain link: the session cookie goes with it.
 */
import { API_BASE } from '../../../lib/api-client.ts';
import { reportsSearch, type ReportFilters } from '../utils/report-filters.ts';

export function reportsCsvUrl(filters: ReportFilters): string {
  return `${API_BASE}/admin/reports/summary.csv?${reportsSearch(filters).toString()}`;
}

/** The name the server gives the file, for the link's `download`. */
export function reportsCsvFileName({ from, to }: Pick<ReportFilters, 'from' | 'to'>): string {
  return `report-${from}-${to}.csv`;
}
