import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackgroundWork as Work } from '@clinic/shared';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { BackgroundWork, SMTP_MISSING_TEXT } from './background-work.tsx';

function workFactory(overrides: Partial<Work> = {}): Work {
  return {
    jobs: [
      { kind: 'waitlist.match', pending: 2, running: 1, done: 40, failed: 1 },
      { kind: 'tick.expire-offers', pending: 0, running: 0, done: 1440, failed: 0 },
    ],
    failedJobs: [
      {
        _id: 'j9',
        kind: 'waitlist.match',
        attempts: 5,
        lastError: 'connection reset',
        at: '2030-06-12T09:30:00.000Z',
      },
    ],
    mail: { pending: 3, scheduled: 12, sending: 0, failed: 1, cancelled: 4, expired: 2 },
    upcomingMail: [
      {
        _id: 'm1',
        kind: 'reminder',
        to: 'pat@example.com',
        subject: 'Your appointment tomorrow',
        notBefore: '2030-06-13T08:30:00.000Z',
      },
    ],
    smtpConfigured: true,
    ...overrides,
  };
}

/** As the page writes an instant: the browser's locale and zone. */
const inBrowser = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(iso),
  );

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

function renderPage() {
  return renderAt(<BackgroundWork />, { path: '/dashboard/background' });
}

describe('BackgroundWork', () => {
  it('shows the jobs per kind, the latest failures, the outbox and the next mails', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/background': () => json(workFactory()) });
    renderPage();

    expect(screen.getByRole('status')).toHaveTextContent('Loading the background work…');
    const jobs = await screen.findByRole('table', { name: 'Jobs' });
    expect(
      within(jobs)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Kind', 'Pending', 'Running', 'Failed']);
    expect(cellsOf(jobs)).toEqual([
      ['waitlist.match', '2', '1', '1'],
      ['tick.expire-offers', '0', '0', '0'],
    ]);

    const failed = screen.getByRole('table', { name: 'Latest failed jobs' });
    expect(cellsOf(failed)).toEqual([
      ['waitlist.match', '5', 'connection reset', inBrowser('2030-06-12T09:30:00.000Z')],
    ]);
    expect(within(failed).getByText(inBrowser('2030-06-12T09:30:00.000Z'))).toHaveAttribute(
      'datetime',
      '2030-06-12T09:30:00.000Z',
    );

    expect(cellsOf(screen.getByRole('table', { name: 'Outbox' }))).toEqual([
      ['Pending', '3'],
      ['Scheduled', '12'],
      ['Sending', '0'],
      ['Failed', '1'],
      ['Cancelled', '4'],
      ['Expired', '2'],
    ]);

    const upcoming = screen.getByRole('table', { name: 'Next scheduled mails' });
    expect(
      within(upcoming)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Kind', 'To', 'Subject', 'Not before']);
    expect(cellsOf(upcoming)).toEqual([
      [
        'reminder',
        'pat@example.com',
        'Your appointment tomorrow',
        inBrowser('2030-06-13T08:30:00.000Z'),
      ],
    ]);

    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/admin/background']);
  });

  it('warns that mail waits in the outbox when SMTP is not configured', async () => {
    mockFetch({
      'GET /api/admin/background': () => json(workFactory({ smtpConfigured: false })),
    });
    renderPage();

    expect(await screen.findByRole('note')).toHaveTextContent(
      'SMTP is not configured: mail, reminders included, waits in the outbox until SMTP_URL is set.',
    );
    expect(SMTP_MISSING_TEXT).toBe(
      'SMTP is not configured: mail, reminders included, waits in the outbox until SMTP_URL is set.',
    );
  });

  it('says when there are no jobs, failures or scheduled mails', async () => {
    mockFetch({
      'GET /api/admin/background': () =>
        json(workFactory({ jobs: [], failedJobs: [], upcomingMail: [] })),
    });
    renderPage();

    expect(await screen.findByText('No background jobs yet.')).toBeInTheDocument();
    expect(screen.getByText('No job has failed.')).toBeInTheDocument();
    expect(screen.getByText('No mail is scheduled.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Jobs' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Outbox' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    const user = userEvent.setup();
    let isDown = true;
    mockFetch({
      'GET /api/admin/background': () =>
        isDown ? problem(500, 'Something went wrong on our side') : json(workFactory()),
    });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Jobs' })).toBeInTheDocument();
  });
});
