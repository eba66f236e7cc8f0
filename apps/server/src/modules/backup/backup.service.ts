/**
 * Backups of the embedded database, taken by the process that has it open: on request
 * (`npm run backup` asks the running server, see backup.routes.ts) and on a schedule (a job tick,
 * BACKUP_INTERVAL_HOURS). One backup at a time; each is followed by rotation (BACKUP_KEEP).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { writeArchive } from './backup-archive.ts';
import { archivesToRemove, CHECKSUM_SUFFIX, isBackupDue } from './backup-rules.ts';

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

export interface BackupServiceOptions {
  database: Pick<Database, 'snapshotDataDir'>;
  settings: BackupSettings;
  now: () => Date;
  log: Log;
}

export function createBackupService({ database, settings, now, log }: BackupServiceOptions) {
  const startedAt = now();
  let queue: Promise<unknown> = Promise.resolve();

  const isDue = () => isBackupDue({ names: listNames(settings.dir), now: now(), startedAt, intervalHours: settings.intervalHours });

  /**
   * Runs after any backup in progress (two at once would only copy the same files twice); a
   * scheduled one checks again once its turn comes, so a requested backup just before it counts.
   */
  function backUp(reason: 'requested' | 'scheduled'): Promise<BackupResult | null> {
    const run = queue.then(async () => {
      if (reason === 'scheduled' && !isDue()) return null;
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
