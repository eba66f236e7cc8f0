/**
 * The backups' naming, schedule and rotation, as pure functions over names and times: an
 * archive's name carries the UTC time it was taken, so BACKUP_DIR alone says which backups
 * exist, which is newest and which rotation removes, without any state of its own.
 */

/** `portal-20300605T101500Z.tar.gz`, or `…Z-2.tar.gz` for a second one within the same second. */
const ARCHIVE_NAME = /^portal-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(\d+))?\.tar\.gz$/;

/** The checksum file beside each archive, in `sha256sum`'s format (`sha256sum -c` checks it). */
export const CHECKSUM_SUFFIX = '.sha256';

/** The name of an archive taken at `at`; `sequence` > 0 tells apart archives of one second. */
export function archiveName(at: Date, sequence = 0): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  return `portal-${stamp}${sequence > 0 ? `-${sequence}` : ''}.tar.gz`;
}

export interface ArchiveEntry {
  name: string;
  takenAt: Date;
  sequence: number;
}

/** The time and sequence an archive's name carries, or null for any other file. */
export function parseArchiveName(name: string): ArchiveEntry | null {
  const match = ARCHIVE_NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, sequence] = match;
  const takenAt = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  if (Number.isNaN(takenAt.getTime())) return null;
  return { name, takenAt, sequence: sequence ? Number(sequence) : 0 };
}

/** The archives among `names`, oldest first. */
export function archivesOldestFirst(names: readonly string[]): ArchiveEntry[] {
  return names
    .map(parseArchiveName)
    .filter((entry): entry is ArchiveEntry => entry !== null)
    .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.sequence - b.sequence);
}

/** The archives rotation removes so that the newest `keep` remain (`keep` 0: none removed). */
export function archivesToRemove(names: readonly string[], keep: number): string[] {
  if (keep <= 0) return [];
  const archives = archivesOldestFirst(names);
  return archives.slice(0, Math.max(0, archives.length - keep)).map((entry) => entry.name);
}

/**
 * With no archive yet, the first scheduled one waits this long after the server started (or the
 * interval, if shorter): a fresh installation has nothing worth keeping in its first minutes, and
 * every short-lived server (tests, benchmarks) would otherwise pay for a backup as it starts. An
 * hour, not a whole interval, so that a server restarted daily (by deployments, say) still gets one.
 */
export const FIRST_BACKUP_DELAY_MS = 3_600_000;

export interface ScheduleState {
  /** The file names in BACKUP_DIR. */
  names: readonly string[];
  now: Date;
  /** When this server started (its clock). */
  startedAt: Date;
  intervalHours: number;
}

/**
 * Whether a scheduled backup is due now; never with an interval of 0 (scheduling off). Archives
 * named after now (taken before the clock was set back) are not counted: they would otherwise
 * hold off backups until the clock caught up with them.
 */
export function isBackupDue({ names, now, startedAt, intervalHours }: ScheduleState): boolean {
  if (intervalHours <= 0) return false;
  const intervalMs = intervalHours * 3_600_000;
  const past = archivesOldestFirst(names).filter((entry) => entry.takenAt.getTime() <= now.getTime());
  const newest = past.at(-1);
  if (!newest) return now.getTime() - startedAt.getTime() >= Math.min(intervalMs, FIRST_BACKUP_DELAY_MS);
  return now.getTime() - newest.takenAt.getTime() >= intervalMs;
}
