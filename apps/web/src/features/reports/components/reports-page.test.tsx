import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clinicProfileFactory } from '../../../test/clinic-factories.ts';
import { json, mockFetch, problem, renderAt, type ApiCall } from '../../../test/utils.tsx';
import {
  DR_ADA_ID,
  WHITENING_ID,
  emptyReportsSummaryFactory,
  reportDoctors,
  reportTreatments,
  reportsSummaryFactory,
} from '../utils/reports-test-factories.ts';
import {
  BOOKINGS_CHART_TITLE,
  REVENUE_CHART_TITLE,
  UTILIZATION_CHART_TITLE,
} from './report-charts.tsx';
import { Reports } from './reports-page.tsx';

const JUNE = '?from=2030-06-03&to=2030-06-16';

function mockReports(summary = () => json(reportsSummaryFactory()), timezone = 'UTC') {
  return mockFetch({
    'GET /api/clinic': () => json(clinicProfileFactory({ timezone })),
    'GET /api/doctors/public': () => json(reportDoctors),
    'GET /api/admin/treatments': () => json(reportTreatments),
    'GET /api/admin/reports/summary': summary,
  });
}

function renderReports(search = JUNE) {
  return renderAt(<Reports />, {
    path: '/dashboard/reports',
    initialEntries: [`/dashboard/reports${search}`],
  });
}

/** The report's calls, as query strings. */
const summaryQueries = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/admin/reports/summary?'))
    .map((call) => call.path.slice('/api/admin/reports/summary'.length));

/** A card's value and details, found by its title. */
function card(title: string) {
  const term = screen.getByText(title, { selector: 'dt' });
  const values = within(term.parentElement!).getAllByRole('definition');
  return values.map((value) => value.textContent);
}

/** A table's rows (header row first) as the cells' texts. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('Reports', () => {
  it('shows the cards, the charts as tables, and the tables by treatment and by doctor', async () => {
    const { calls } = mockReports();
    renderReports();

    expect(await screen.findByText('Figures for Jun 3, 2030 – Jun 16, 2030')).toBeInTheDocument();
    expect(summaryQueries(calls)).toEqual([JUNE]);
    expect(card('Appointments')).toEqual([
      '12',
      '1 confirmed, 8 completed, 2 no-shows, 1 cancelled',
    ]);
    expect(card('No-show rate')).toEqual(['20%', '2 of 10 finished visits']);
    expect(card('Cancellations by notice')).toEqual([
      '1',
      'Under 24 h: 1, 24–48 h: 0, 48 h or more: 0',
    ]);
    expect(card('Net revenue')).toEqual(['$300', '$350 taken, $50 refunded']);
    expect(card('Utilization')).toEqual(['37.5%', '7 h 30 min booked of 20 h open']);
    expect(card('Waitlist fill rate')).toEqual([
      '75%',
      '3 of 4 offers claimed; median refill 42 min',
    ]);
    expect(card('Confirmation rate')[0]).toBe('50%');
    expect(card('Check-in rate')[0]).toBe('25%');
    expect(card('Recall reactivation')).toEqual(['20%', '1 of 5 recalls due booked']);
    expect(card('Lead time (median)')).toEqual(['2.5 days', '90th percentile: 9 days']);
    expect(card('Booked by')).toEqual([
      '7 online',
      '3 by the front desk, 1 from the waitlist, 1 from a recall',
    ]);

    // Each chart is one image named by its title, with the same numbers in a table.
    expect(
      screen.getByRole('img', { name: new RegExp(`^${BOOKINGS_CHART_TITLE}: `) }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    for (const title of [BOOKINGS_CHART_TITLE, REVENUE_CHART_TITLE, UTILIZATION_CHART_TITLE]) {
      await user.click(
        screen.getByText((_, element) => element?.textContent === `Show the numbers of ${title}`, {
          selector: 'summary',
        }),
      );
    }
    expect(rowsOf(screen.getByRole('table', { name: BOOKINGS_CHART_TITLE }))).toEqual([
      ['Week of', 'Appointments', 'No-shows'],
      ['Jun 3, 2030', '8', '2'],
      ['Jun 10, 2030', '4', '0'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: REVENUE_CHART_TITLE }))).toEqual([
      ['Week of', 'Taken', 'Refunded', 'Net'],
      ['Jun 3, 2030', '$350', '$50', '$300'],
      ['Jun 10, 2030', '$0', '$0', '$0'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: UTILIZATION_CHART_TITLE }))).toEqual([
      ['Doctor', 'Utilization', 'Booked', 'Open'],
      ['Dr. Ada Adams', '37.5%', '7 h 30 min', '20 h'],
      ['Dr. Bob Brown', '—', '0 min', '0 min'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'By treatment' }))).toEqual([
      ['Treatment', 'Appointments', 'Completed', 'No-shows', 'Cancelled', 'Booked time'],
      ['Teeth Cleaning', '10', '6', '2', '1', '5 h 30 min'],
      ['Teeth Whitening', '2', '2', '0', '0', '2 h'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'By doctor' }))).toEqual([
      ['Doctor', 'Appointments', 'Booked time', 'Open time', 'Utilization'],
      ['Dr. Ada Adams', '11', '7 h 30 min', '20 h', '37.5%'],
      ['Dr. Bob Brown', '0', '0 min', '0 min', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/admin/reports/summary.csv${JUNE}`,
    );
  });

  it('shows a rate with nothing to count as "—", never 0 %, and says when the range is empty', async () => {
    mockReports(() => json(emptyReportsSummaryFactory()));
    renderReports();

    expect(
      await screen.findByText(
        'No appointments and no payments in Jun 3, 2030 – Jun 16, 2030. Choose another range or filter.',
      ),
    ).toBeInTheDocument();
    for (const title of [
      'No-show rate',
      'Utilization',
      'Waitlist fill rate',
      'Confirmation rate',
      'Check-in rate',
      'Recall reactivation',
      'Lead time (median)',
    ]) {
      expect(card(title)[0], title).toBe('—');
    }
    expect(card('Waitlist fill rate')[1]).toBe('0 of 0 offers claimed; median refill —');
    expect(screen.queryByText('0%')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks again for the range, doctor and treatment chosen, and keeps them in the address', async () => {
    const user = userEvent.setup();
    const { calls } = mockReports();
    const { router } = renderReports();
    await screen.findByText('Figures for Jun 3, 2030 – Jun 16, 2030');

    await user.selectOptions(screen.getByLabelText('Doctor'), 'Dr. Ada Adams');
    await waitFor(() => expect(summaryQueries(calls)).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Treatment'), 'Teeth Whitening');
    await waitFor(() => expect(summaryQueries(calls)).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-06-30' } });
    const last = `?from=2030-06-03&to=2030-06-30&doctorId=${DR_ADA_ID}&treatmentId=${WHITENING_ID}`;
    await waitFor(() => expect(summaryQueries(calls).at(-1)).toBe(last));

    expect(summaryQueries(calls).slice(0, 3)).toEqual([
      JUNE,
      `${JUNE}&doctorId=${DR_ADA_ID}`,
      `${JUNE}&doctorId=${DR_ADA_ID}&treatmentId=${WHITENING_ID}`,
    ]);
    expect(router.state.location.search).toBe(last);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/admin/reports/summary.csv${last}`,
    );
  });

  it("opens on the last 30 days ending today in the clinic's zone, and offers other ranges", async () => {
    // 23.30 on Jun 12 in UTC (the tests' zone) is already Jun 13 in Auckland.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-12T23:30:00.000Z'));
    const user = userEvent.setup();
    const { calls } = mockReports(() => json(reportsSummaryFactory()), 'Pacific/Auckland');
    const { router } = renderReports('');
    await screen.findByText('Figures for Jun 3, 2030 – Jun 16, 2030');
    expect(summaryQueries(calls)).toEqual(['?from=2030-05-15&to=2030-06-13']);
    expect(screen.getByLabelText('From')).toHaveValue('2030-05-15');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(summaryQueries(calls)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(summaryQueries(calls)).toHaveLength(3));
    expect(summaryQueries(calls).slice(1)).toEqual([
      '?from=2030-01-01&to=2030-06-13',
      '?from=2029-06-14&to=2030-06-13',
    ]);
    expect(router.state.location.search).toBe('?from=2029-06-14&to=2030-06-13');
    expect(screen.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("shows the server's refusal of the range under it", async () => {
    const message = 'Ask for at most 366 days at a time';
    mockReports(() =>
      problem(400, 'Some of the data sent is not valid.', { errors: { to: [message] } }),
    );
    renderReports('?from=2029-01-01&to=2030-06-30');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No report for these filters: ${message}`,
    );
    const to = screen.getByLabelText('To');
    expect(to).toHaveAccessibleDescription(message);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('says why the report could not be made, and asks again', async () => {
    const user = userEvent.setup();
    let fails = true;
    mockReports(() =>
      fails
        ? problem(503, 'The clinic’s database cannot be reached just now.')
        : json(reportsSummaryFactory()),
    );
    renderReports();

    expect(
      await screen.findByText('The clinic’s database cannot be reached just now.'),
    ).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Figures for Jun 3, 2030 – Jun 16, 2030')).toBeInTheDocument();
  });
});
