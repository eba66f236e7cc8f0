import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarQueryKey } from '../../../lib/query-keys.ts';
import { calendarFactory } from '../../../test/factories.ts';
import { json, mockFetch, renderAt, type ApiCall } from '../../../test/utils.tsx';
import { AppointmentCalendar } from './appointment-calendar.tsx';

const june = { from: '2030-06-01', to: '2030-06-30' };
const day = (name: RegExp) => screen.getByRole('button', { name });

function renderCalendar(onChange = vi.fn()) {
  const result = renderAt(
    <AppointmentCalendar date="2030-06-12" today="2030-06-10" onChange={onChange} />,
  );
  return { ...result, onChange };
}

/** Waits until the month's calendar has answered (or failed), so what it disables is on show. */
async function settled(
  queryClient: ReturnType<typeof renderAt>['queryClient'],
  from: string,
  to: string,
) {
  await waitFor(() =>
    expect(queryClient.getQueryState([...calendarQueryKey, from, to])?.status).not.toBe('pending'),
  );
}

const calendarCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/calendar')).map((call) => call.path);

describe('AppointmentCalendar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 5, 10, 9, 0));
  });

  it('disables the days the clinic is closed in the month on show, and days before today', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/calendar': () =>
        json(calendarFactory(june.from, june.to, ['2030-06-15', '2030-06-16'])),
    });
    const { onChange } = renderCalendar();

    await waitFor(() => expect(day(/June 15th, 2030/)).toBeDisabled());
    expect(calendarCalls(calls)).toEqual(['/api/calendar?from=2030-06-01&to=2030-06-30']);
    expect(day(/June 16th, 2030/)).toBeDisabled();
    expect(day(/June 15th, 2030/)).toHaveAccessibleName(/the clinic is closed/);
    expect(day(/June 9th, 2030/)).toBeDisabled();
    expect(day(/June 14th, 2030/)).toBeEnabled();
    expect(day(/June 17th, 2030/)).not.toHaveAccessibleName(/closed/);

    await user.click(day(/June 15th, 2030/));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(day(/June 17th, 2030/));
    expect(onChange).toHaveBeenCalledWith('2030-06-17');
  });

  it('asks for the next month when it is shown', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/calendar': (call) => {
        const query = new URL(call.path, 'http://localhost').searchParams;
        return json(calendarFactory(query.get('from')!, query.get('to')!, ['2030-07-04']));
      },
    });
    renderCalendar();
    await waitFor(() => expect(calendarCalls(calls)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: /next month/i }));

    await waitFor(() => expect(day(/July 4th, 2030/)).toBeDisabled());
    expect(day(/July 5th, 2030/)).toBeEnabled();
    expect(calendarCalls(calls)).toEqual([
      '/api/calendar?from=2030-06-01&to=2030-06-30',
      '/api/calendar?from=2030-07-01&to=2030-07-31',
    ]);
  });

  it('blocks no day but the past ones while the calendar loads', () => {
    mockFetch({ 'GET /api/calendar': () => new Promise<Response>(() => {}) });
    renderCalendar();

    expect(day(/June 15th, 2030/)).toBeEnabled();
    expect(day(/June 9th, 2030/)).toBeDisabled();
  });

  it('blocks no day but the past ones when the calendar cannot be loaded', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/calendar': () => new Response('down', { status: 503 }) });
    const { queryClient, onChange } = renderCalendar();
    await settled(queryClient, june.from, june.to);

    expect(day(/June 15th, 2030/)).toBeEnabled();
    expect(day(/June 9th, 2030/)).toBeDisabled();
    await user.click(day(/June 15th, 2030/));
    expect(onChange).toHaveBeenCalledWith('2030-06-15');
  });

  it('changes nothing on a fresh install, where every day is open', async () => {
    mockFetch({ 'GET /api/calendar': () => json(calendarFactory(june.from, june.to)) });
    const { queryClient } = renderCalendar();
    await settled(queryClient, june.from, june.to);

    const enabled = screen
      .getAllByRole('button', { name: /June \d+\w\w, 2030/ })
      .filter((button) => !(button as HTMLButtonElement).disabled)
      .map((button) => button.textContent);
    expect(enabled).toEqual(Array.from({ length: 21 }, (_, index) => String(index + 10)));
  });
});
