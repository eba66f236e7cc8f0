/**
 * Backups of the embedded database, taken by the process that has it open: on request
 * (`npm run backup` asks the running server, see backup.routes.ts) and on a schedule (a job tick,
 * BACKUP_INTERVAL_HOURS). One backup at a time; each is followed by rotation (BACKUP_KEEP). A
 * backup that would leave less than DISK_STOP_MB free where it is written is not started
 * (docs/decisions/027): scheduled, it is skipped with a log line; requested, refused.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@clinic/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { backupEstimateBytes, backupFits, toMb } from '../disk/disk-rules.ts';
import type { DiskWatch } from '../disk/disk-watch.ts';
import { writeArchive } from './backup-archive.ts';
import { archivesOldestFirst, archivesToRemove, CHECKSUM_SUFFIX, isBackupDue } from './backup-rules.ts';

export interface BackupSettings {
  dataDir: string;
  /** BACKUP_DIR (default DATA_DIR/backups). */
  dir: string;
  /** BACKUP_INTERVAL_HOURS: 0 turns scheduled backups off. */
  intervalHours: number;
  /** BACKUP_KEEP: how many archives rotation keeps; 0 keeps all. */
  keep: number;
}

export interface BackupResult {
  file: string;
  checksumFile: string;
  bytes: number;
  sha256: string;
  takenAt: string;
  /** How long the database's files were being copied (writes waited this long at most). */
  copyMs: number;
  durationMs: number;
  /** Archives that rotation removed after this one. */
  removed: string[];
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The generated auth secret in DATA_DIR, if there is one (AUTH_SECRET set: none). */
function readAuthSecret(dataDir: string): string | null {
  try {
    return readFileSync(path.join(dataDir, 'auth-secret'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Takes one archive of `database` into `settings.dir`, then rotates. */
export async function takeBackup(database: Pick<Database, 'snapshotDataDir'>, settings: BackupSettings, takenAt: Date): Promise<BackupResult> {
  if (!database.snapshotDataDir) throw new Error('Backups of PostgreSQL are made with pg_dump (README, "Backups").');
  const started = performance.now();
  const snapshot = await database.snapshotDataDir();
  const copyMs = performance.now() - started;
  const written = await writeArchive(snapshot, readAuthSecret(settings.dataDir), settings.dir, takenAt);
  const removed = rotateBackups(settings.dir, settings.keep);
  return {
    ...written,
    takenAt: takenAt.toISOString(),
    copyMs: Math.round(copyMs),
    durationMs: Math.round(performance.now() - started),
    removed,
  };
}

/** Removes the oldest archives (and their checksum files) beyond the newest `keep`. */
export function rotateBackups(dir: string, keep: number): string[] {
  const removed = archivesToRemove(listNames(dir), keep);
  for (const name of removed) {
    rmSync(path.join(dir, name), { force: true });
    rmSync(path.join(dir, `${name}${CHECKSUM_SUFFIX}`), { force: true });
  }
  return removed;
}

/** The bytes of the files under `dir`, its write-ahead log left out (an archive holds only its current segment). */
function databaseBytes(dir: string): number {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'pg_wal') pending.push(full);
      } else if (entry.isFile()) total += statSync(full).size;
    }
  }
  return total;
}

export interface BackupServiceOptions {
  database: Pick<Database, 'snapshotDataDir'>;
  settings: BackupSettings;
  now: () => Date;
  log: Log;
  /** The free-space watch: with it, a backup that would cross DISK_STOP_MB is not started. */
  disk?: Pick<DiskWatch, 'freeBytesOf' | 'stopBytes'> | null;
}

export function createBackupService({ database, settings, now, log, disk = null }: BackupServiceOptions) {
  const startedAt = now();
  let queue: Promise<unknown> = Promise.resolve();

  const isDue = () => isBackupDue({ names: listNames(settings.dir), now: now(), startedAt, intervalHours: settings.intervalHours });

  /** The room the next archive needs against what BACKUP_DIR's file system has, read now. */
  async function room() {
    if (!disk) return null;
    const newest = archivesOldestFirst(listNames(settings.dir)).at(-1);
    const estimateBytes = backupEstimateBytes({
      newestArchiveBytes: newest ? statSync(path.join(settings.dir, newest.name)).size : null,
      databaseBytes: newest ? 0 : databaseBytes(path.join(settings.dataDir, 'pglite')),
    });
    const freeBytes = await disk.freeBytesOf(settings.dir);
    return {
      fits: backupFits({ freeBytes, estimateBytes, stopBytes: disk.stopBytes }),
      detail: { freeMb: toMb(freeBytes), estimateMb: toMb(estimateBytes), stopMb: toMb(disk.stopBytes) },
    };
  }

  /**
   * Runs after any backup in progress (two at once would only copy the same files twice); a
   * scheduled one checks again once its turn comes, so a requested backup just before it counts.
   */
  function backUp(reason: 'requested' | 'scheduled'): Promise<BackupResult | null> {
    const run = queue.then(async () => {
      if (reason === 'scheduled' && !isDue()) return null;
      const space = await room();
      if (space && !space.fits) {
        const message = `backup not started: about ${space.detail.estimateMb} MB would leave less than DISK_STOP_MB (${space.detail.stopMb}) of the ${space.detail.freeMb} MB free under BACKUP_DIR`;
        log.warn({ backup: { reason, ...space.detail } }, message);
        if (reason === 'scheduled') return null;
        throw new AppError(ErrorCode.DISK_FULL, `${message[0]!.toUpperCase()}${message.slice(1)}. Free some space or point BACKUP_DIR at another disk.`);
      }
      try {
        const result = await takeBackup(database, settings, now());
        log.info({ backup: { ...result, reason } }, `backup written to ${result.file}`);
        return result;
      } catch (error) {
        log.error({ err: error, reason }, 'backup failed');
        throw error;
      }
    });
    queue = run.catch(() => {});
    return run;
  }

  return {
    settings,
    backUp: async (): Promise<BackupResult> => (await backUp('requested'))!,
    /** The job tick's work: a backup when one is due (BACKUP_INTERVAL_HOURS), else nothing. */
    backUpIfDue: (): Promise<BackupResult | null> => (isDue() ? backUp('scheduled') : Promise.resolve(null)),
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
