import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackgroundWork as Work } from '@clinic/shared';
import { instantLabel } from '../../../lib/instants.tsx';
import { json, mockFetch, problem, renderAt } from '../../../test/utils.tsx';
import { BackgroundWork, diskNotes, SMTP_MISSING_TEXT } from './background-work.tsx';

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
    disk: null,
    ...overrides,
  };
}

/** As the page writes an instant while the clinic's zone is unknown: the browser's zone. */
const inBrowser = (iso: string) => instantLabel(iso);

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
    expect(calls.map((call) => call.path).filter((path) => path !== '/api/clinic')).toEqual([
      '/api/admin/background',
    ]);
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

  it('shows the free space, and says when the disk is low or full', async () => {
    const disk = {
      state: 'full' as const,
      freeMb: 40.5,
      warnMb: 141,
      stopMb: 48,
      backup: { state: 'low' as const, freeMb: 120 },
      checkedAt: '2030-06-12T09:30:00.000Z',
    };
    mockFetch({ 'GET /api/admin/background': () => json(workFactory({ disk })) });
    renderPage();

    const space = await screen.findByRole('table', { name: 'Disk space' });
    expect(cellsOf(space)).toEqual([
      ['DATA_DIR', '40.5 MB', 'Full: changes refused'],
      ['BACKUP_DIR', '120 MB', 'Low'],
    ]);
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual([
      'The disk is full: 40.5 MB free under DATA_DIR, below DISK_STOP_MB (48 MB). Bookings and every other change are refused until space is freed; reading goes on.',
      "The backups' disk is low: 120 MB free under BACKUP_DIR. A backup that would leave less than 48 MB is skipped.",
    ]);
  });

  it('warns once below DISK_WARN_MB, and says nothing while there is room', () => {
    const disk = {
      state: 'low' as const,
      freeMb: 100,
      warnMb: 141,
      stopMb: 48,
      backup: null,
      checkedAt: '2030-06-12T09:30:00.000Z',
    };
    expect(diskNotes(disk)).toEqual([
      {
        tone: 'warning',
        text: 'Disk space is low: 100 MB free under DATA_DIR (DISK_WARN_MB is 141 MB). Below 48 MB, bookings and every other change will be refused.',
      },
    ]);
    expect(diskNotes({ ...disk, state: 'ok', freeMb: 500 })).toEqual([]);
    expect(diskNotes(null)).toEqual([]);
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
