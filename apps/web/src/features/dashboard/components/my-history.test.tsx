import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@clinic/shared';
import { bookingFactory } from '../../../test/factories.ts';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { MyHistory, NO_HISTORY_TEXT } from './my-history.tsx';

/** Noon on Jun 12, 2030 (UTC). */
const NOW = Date.parse('2030-06-12T12:00:00.000Z');

function at(date: string, hour: string) {
  return {
    date,
    startsAt: `${date}T${hour}:00.000Z`,
    endsAt: `${date}T${hour.slice(0, 3)}30:00.000Z`,
  };
}

function renderHistory(onAccessDenied = vi.fn()) {
  renderAt(<MyHistory email="Pat@Example.com" onAccessDenied={onAccessDenied} now={NOW} />, {
    path: '/dashboard/history',
  });
  return { onAccessDenied };
}

const rowCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('MyHistory', () => {
  it("shows 'History loading' until the bookings come, then the past ones, newest first", async () => {
    let answer!: (response: Response) => void;
    const { calls } = mockFetch({
      'GET /api/booking': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderHistory();

    expect(screen.getByRole('heading', { name: 'My History' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(/^History loading$/);
    expect(screen.getByText(texts.historyLoading)).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/booking?patient=pat%40example.com&include=cancelled');

    answer(
      json([
        // Upcoming and confirmed: not history.
        bookingFactory({ _id: 'future', treatment: 'Oral Surgery', ...at('2030-06-20', '09:00') }),
        bookingFactory({
          _id: 'done',
          treatment: 'Teeth Cleaning',
          status: 'completed',
          paid: true,
          doctor: { _id: 'd1', name: 'Ann Lee' },
          slot: '08.30 AM - 09.00 AM',
          ...at('2030-05-02', '08:30'),
        }),
        bookingFactory({
          _id: 'missed',
          treatment: 'Cavity Filling',
          status: 'no_show',
          price: 25,
          slot: '10.00 AM - 10.30 AM',
          ...at('2030-05-20', '10:00'),
        }),
        // Cancelled ahead of its day: settled, so it is history already.
        bookingFactory({
          _id: 'cancelled',
          treatment: 'Teeth Whitening',
          status: 'cancelled',
          cancelledBy: 'patient',
          paid: true,
          price: 40,
          refund: { status: 'succeeded', amount: 40 },
          slot: '02.00 PM - 02.30 PM',
          ...at('2030-07-01', '14:00'),
        }),
        // This morning, not marked yet.
        bookingFactory({
          _id: 'today',
          treatment: 'Fluoride Treatment',
          slot: '08.00 AM - 08.30 AM',
          ...at('2030-06-12', '08:00'),
        }),
      ]),
    );

    const table = await screen.findByRole('table', { name: 'My History' });
    expect(screen.queryByText(texts.historyLoading)).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Treatment', 'Doctor', 'Date', 'Time', 'Status', 'Payment']);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(rowCells)).toEqual([
      ['Teeth Whitening', '—', 'Jul 1, 2030', '02.00 PM - 02.30 PM', 'Cancelled', 'Refunded $40'],
      [
        'Fluoride Treatment',
        '—',
        'Jun 12, 2030',
        '08.00 AM - 08.30 AM',
        'Awaiting outcome',
        'Not paid',
      ],
      ['Cavity Filling', '—', 'May 20, 2030', '10.00 AM - 10.30 AM', 'Did not attend', 'Not paid'],
      ['Teeth Cleaning', 'Dr. Ann Lee', 'May 2, 2030', '08.30 AM - 09.00 AM', 'Completed', 'Paid'],
    ]);
    expect(screen.queryByText('Oral Surgery')).not.toBeInTheDocument();
    // On a phone each visit is a card (no sideways scroll), its lines named by their column.
    expect(table).toHaveClass('max-sm:block');
    expect(table.parentElement).not.toHaveClass('overflow-x-auto');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.dataset.label),
    ).toEqual(['Treatment', 'Doctor', 'Date', 'Time', 'Status', 'Payment']);
  });

  it('notes a refund still on its way, and says nothing about the money of a free visit', async () => {
    mockFetch({
      'GET /api/booking': () =>
        json([
          bookingFactory({
            _id: 'a',
            status: 'cancelled',
            paid: true,
            refund: { status: 'pending', amount: 17.5 },
            ...at('2030-06-01', '09:00'),
          }),
          bookingFactory({ _id: 'b', status: 'completed', price: 0, ...at('2030-05-01', '09:00') }),
        ]),
    });
    renderHistory();

    const table = await screen.findByRole('table', { name: 'My History' });
    const [, pending, free] = within(table).getAllByRole('row');
    expect(within(pending!).getByText('Paid')).toBeInTheDocument();
    expect(within(pending!).getByText('Refund of $17.50 pending')).toBeInTheDocument();
    expect(rowCells(free!).at(-1)).toBe('—');
  });

  it('says when there is nothing yet, with the way to book', async () => {
    mockFetch({
      'GET /api/booking': () => json([bookingFactory({ ...at('2030-06-20', '09:00') })]),
    });
    renderHistory();

    expect(await screen.findByText(NO_HISTORY_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      '/appointment',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows what went wrong and asks again on Retry', async () => {
    let fails = true;
    mockFetch({
      'GET /api/booking': () =>
        fails
          ? problem(500, 'The clinic server is down')
          : json([bookingFactory({ status: 'completed', ...at('2030-05-01', '09:00') })]),
    });
    renderHistory();

    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic server is down');
    fails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'My History' })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it('hands a refused list (401) to the caller once, to sign out', async () => {
    mockFetch({ 'GET /api/booking': () => problem(401, 'Sign in again') });
    const { onAccessDenied } = renderHistory();

    await vi.waitFor(() => expect(onAccessDenied).toHaveBeenCalledOnce());
    expect(screen.getByText(texts.historyLoading)).toBeInTheDocument();
  });
});
