/**
 * Reports (admin, practice-loop.md section 8): the clinic's figures for a range of days, for one
 * doctor or treatment if chosen; headline cards, three charts each with its table, the figures by
 * treatment and by doctor, and the same by day as a CSV download. The filters are in the address.
 */
import { useId } from 'react';
import type { ReportsSummary } from '@clinic/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { useAdminTreatments } from '../../../lib/admin-treatments-query.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useClinicDoctors } from '../../../lib/clinic-doctors-query.ts';
import { dateRangeLabel } from '../../../lib/medium-date.ts';
import { useReportsSummary } from '../api/get-reports-summary.ts';
import { reportsCsvFileName, reportsCsvUrl } from '../api/reports-csv-url.ts';
import { useReportFilters } from '../hooks/use-report-filters.ts';
import { isEmptyReport } from '../utils/report-format.ts';
import { ReportCharts } from './report-charts.tsx';
import { ReportFiltersForm, type FilterErrors } from './report-filters-form.tsx';
import { ByDoctorTable, ByTreatmentTable } from './report-tables.tsx';
import { SummaryCards } from './summary-cards.tsx';

export const REPORTS_INTRO =
  'How the clinic is doing: appointments, no-shows, money, hours booked, the waitlist and recalls.';

/** The server's refusal of a filter (400 with per-field messages), by filter; {} for any other failure. */
export function filterErrorsOf(error: unknown): FilterErrors {
  if (!isApiError(error) || error.status !== 400) return {};
  const first = (field: string) => error.errors[field]?.[0];
  const errors: FilterErrors = {
    range: first('to') ?? first('from'),
    doctorId: first('doctorId'),
    treatmentId: first('treatmentId'),
  };
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as FilterErrors;
}

function ReportBody({ summary }: { summary: ReportsSummary }) {
  const range = dateRangeLabel(summary.from, summary.to);
  return (
    <>
      <SummaryCards summary={summary} />
      {isEmptyReport(summary) ? (
        <p>No appointments and no payments in {range}. Choose another range or filter.</p>
      ) : (
        <>
          <ReportCharts summary={summary} />
          <ByTreatmentTable rows={summary.byTreatment} />
          <ByDoctorTable rows={summary.byDoctor} />
        </>
      )}
    </>
  );
}

export function Reports() {
  const titleId = useId();
  const { filters, today, isReady, setFilters } = useReportFilters();
  const summary = useReportsSummary(filters, isReady);
  // Only to filter by: the report works without them.
  const doctors = useClinicDoctors();
  const treatments = useAdminTreatments();
  const errors = filterErrorsOf(summary.error);
  const refused = Object.values(errors).join(' ');

  let body;
  if (!isReady || summary.isPending) {
    body = <Spinner label="Loading the report…" />;
  } else if (summary.isError && refused) {
    body = (
      <p role="alert" className="text-error">
        No report for these filters: {refused}
      </p>
    );
  } else if (summary.isError) {
    body = <StaffLoadFailed error={summary.error} onRetry={() => void summary.refetch()} />;
  } else {
    body = (
      <div
        aria-busy={summary.isPlaceholderData || undefined}
        className={`flex flex-col gap-6 ${summary.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <p className="text-sm opacity-80">
          Figures for {dateRangeLabel(summary.data.from, summary.data.to)}
        </p>
        <ReportBody summary={summary.data} />
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-semibold">
            Reports
          </h2>
          <p className="text-sm opacity-80">{REPORTS_INTRO}</p>
        </div>
        {summary.isSuccess && (
          <a
            href={reportsCsvUrl(filters)}
            download={reportsCsvFileName(filters)}
            className="btn btn-outline btn-sm"
          >
            Download CSV
          </a>
        )}
      </div>
      <ReportFiltersForm
        value={filters}
        onChange={setFilters}
        today={today}
        doctors={doctors.data ?? []}
        treatments={treatments.data ?? []}
        errors={errors}
      />
      {body}
    </section>
  );
}
