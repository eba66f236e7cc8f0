import { useId, type ReactNode } from 'react';
import type { DiskSpace, BackgroundWork as Work } from '@clinic/shared';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StaffLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
import { useBackgroundWork } from '../api/get-background-work.ts';
import { Instant } from '../../../lib/instants.tsx';

export const SMTP_MISSING_TEXT =
  'SMTP is not configured: mail, reminders included, waits in the outbox until SMTP_URL is set.';

/**
 * What the admins are told of the server's free space (docs/decisions/027), worst first, or
 * nothing while every watched disk has room.
 */
export function diskNotes(disk: DiskSpace | null): { tone: 'warning' | 'error'; text: string }[] {
  if (!disk) return [];
  const notes: { tone: 'warning' | 'error'; text: string }[] = [];
  if (disk.state === 'full') {
    notes.push({
      tone: 'error',
      text: `The disk is full: ${disk.freeMb} MB free under DATA_DIR, below DISK_STOP_MB (${disk.stopMb} MB). Bookings and every other change are refused until space is freed; reading goes on.`,
    });
  } else if (disk.state === 'low') {
    notes.push({
      tone: 'warning',
      text: `Disk space is low: ${disk.freeMb} MB free under DATA_DIR (DISK_WARN_MB is ${disk.warnMb} MB). Below ${disk.stopMb} MB, bookings and every other change will be refused.`,
    });
  }
  if (disk.backup && disk.backup.state !== 'ok') {
    notes.push({
      tone: 'warning',
      text: `The backups' disk is low: ${disk.backup.freeMb} MB free under BACKUP_DIR. A backup that would leave less than ${disk.stopMb} MB is skipped.`,
    });
  }
  return notes;
}

/** A full DATA_DIR refuses changes; a full BACKUP_DIR of its own only skips backups. */
const diskStateLabel = (state: DiskSpace['state'], isBackupOnly: boolean) =>
  state === 'full' ? (isBackupOnly ? 'Full: backups skipped' : 'Full: changes refused') : state === 'low' ? 'Low' : 'Enough';

const outboxStates: readonly [keyof Work['mail'], string][] = [
  ['pending', 'Pending'],
  ['scheduled', 'Scheduled'],
  ['sending', 'Sending'],
  ['failed', 'Failed'],
  ['cancelled', 'Cancelled'],
  ['expired', 'Expired'],
];

/** One part of the page: its heading names the table under it, or the line said when it is empty. */
function Part({
  title,
  columns,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  columns: ReactNode[];
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      {isEmpty ? (
        <p>{emptyText}</p>
      ) : (
        <DataTable labelledBy={headingId} columns={columns}>
          {children}
        </DataTable>
      )}
    </section>
  );
}

/**
 * Background work (admin): what the clinic's workers have waiting and what failed. The jobs per
 * kind and the latest failures, the outbox's mails by state, and the next mails due (reminders,
 * with when they may go), and a warning when this server has no SMTP to send them with or its
 * disk is running out of space.
 */
export function BackgroundWork() {
  const work = useBackgroundWork();
  const titleId = useId();

  if (work.isPending) return <Spinner label="Loading the background work…" />;
  if (work.isError) {
    return <StaffLoadFailed error={work.error} onRetry={() => void work.refetch()} />;
  }

  const { jobs, failedJobs, mail, upcomingMail, smtpConfigured, disk } = work.data;
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-6">
      <h2 id={titleId} className="text-xl font-semibold">
        Background work
      </h2>
      {diskNotes(disk).map((note) => (
        <p
          key={note.text}
          role="note"
          className={`alert ${note.tone === 'error' ? 'alert-error' : 'alert-warning'}`}
        >
          {note.text}
        </p>
      ))}
      {!smtpConfigured && (
        <p role="note" className="alert alert-warning">
          {SMTP_MISSING_TEXT}
        </p>
      )}
      <Part
        title="Jobs"
        columns={['Kind', 'Pending', 'Running', 'Failed']}
        isEmpty={jobs.length === 0}
        emptyText="No background jobs yet."
      >
        {jobs.map((job) => (
          <tr key={job.kind}>
            <td className="whitespace-nowrap">{job.kind}</td>
            <td>{job.pending}</td>
            <td>{job.running}</td>
            <td className={job.failed > 0 ? 'font-semibold text-error' : undefined}>
              {job.failed}
            </td>
          </tr>
        ))}
      </Part>
      <Part
        title="Latest failed jobs"
        columns={['Kind', 'Attempts', 'Error', 'When']}
        isEmpty={failedJobs.length === 0}
        emptyText="No job has failed."
      >
        {failedJobs.map((job) => (
          <tr key={job._id} className="align-top">
            <td className="whitespace-nowrap">{job.kind}</td>
            <td>{job.attempts}</td>
            <td className="min-w-56 max-w-md whitespace-pre-line break-words">
              {job.lastError ?? '—'}
            </td>
            <td className="whitespace-nowrap">
              <Instant iso={job.at} />
            </td>
          </tr>
        ))}
      </Part>
      {disk && (
        <Part title="Disk space" columns={['Directory', 'Free', 'State']} isEmpty={false} emptyText="">
          <tr>
            <td>DATA_DIR{disk.backup ? '' : ' and BACKUP_DIR'}</td>
            <td>{disk.freeMb} MB</td>
            <td>{diskStateLabel(disk.state, false)}</td>
          </tr>
          {disk.backup && (
            <tr>
              <td>BACKUP_DIR</td>
              <td>{disk.backup.freeMb} MB</td>
              <td>{diskStateLabel(disk.backup.state, true)}</td>
            </tr>
          )}
        </Part>
      )}
      <Part title="Outbox" columns={['State', 'Mails']} isEmpty={false} emptyText="">
        {outboxStates.map(([state, label]) => (
          <tr key={state}>
            <td>{label}</td>
            <td>{mail[state]}</td>
          </tr>
        ))}
      </Part>
      <Part
        title="Next scheduled mails"
        columns={['Kind', 'To', 'Subject', 'Not before']}
        isEmpty={upcomingMail.length === 0}
        emptyText="No mail is scheduled."
      >
        {upcomingMail.map((message) => (
          <tr key={message._id} className="align-top">
            <td className="whitespace-nowrap">{message.kind}</td>
            <td className="whitespace-nowrap">{message.to}</td>
            <td className="min-w-48 break-words">{message.subject}</td>
            <td className="whitespace-nowrap">
              <Instant iso={message.notBefore} />
            </td>
          </tr>
        ))}
      </Part>
    </section>
  );
}
