/**
 * What `npm run backup` and `npm run restore` do (the files in cli/ only run these and exit with
 * their codes): README, "Backups". Messages an operator acts on are printed as one clear line or
 * two, without a stack trace; the exit code is 0 on success, 1 when refused or failed.
 *
 * Backup: a running server holds DATA_DIR's lock and is the only process that may open its
 * database, so it is asked to take the backup itself (backup-endpoint.ts) and bookings go on
 * meanwhile; with no server running, this process takes the lock and opens the database.
 *
 * Restore: checks the archive's SHA-256 first, refuses a DATA_DIR that a server holds or that
 * already has a database, and opens the restored database once (PGlite's recovery runs then)
 * before it says it is done, so that `npm start` starts on it.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadBackupConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { DataDirLockedError, lockDataDir } from '../../db/data-dir-lock.ts';
import { makeDataDirPrivate } from '../../db/data-dir-permissions.ts';
import { BackupArchiveError, extractArchive, PGLITE_FOLDER, verifyArchive } from './backup-archive.ts';
import { readEndpoint } from './backup-endpoint.ts';
import { backupResultSchema } from './backup.routes.ts';
import { takeBackup, type BackupResult } from './backup.service.ts';

export interface Printer {
  log(line: string): void;
  error(line: string): void;
}

class BackupCommandError extends Error {}

/** Asks the server that holds DATA_DIR to take the backup. */
async function askRunningServer(dataDir: string): Promise<BackupResult> {
  const endpoint = readEndpoint(dataDir);
  if (!endpoint) {
    throw new BackupCommandError(
      `A server holds DATA_DIR ${dataDir} but has not said where to ask it for a backup yet (it may still be starting): try again once it is ready.`,
    );
  }
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}/internal/backup`, { method: 'POST', headers: { authorization: `Bearer ${endpoint.token}` } });
  } catch (error) {
    throw new BackupCommandError(`Could not reach the server (pid ${endpoint.pid}) at ${endpoint.url}: ${(error as Error).message}. Is it still starting?`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (body as { detail?: string } | null)?.detail ?? response.statusText;
    throw new BackupCommandError(`The server (pid ${endpoint.pid}) could not take the backup: ${response.status} ${detail}`);
  }
  return backupResultSchema.parse(body);
}

/** No server runs: this process holds the lock while it opens the database and copies it. */
async function backUpHere(config: ReturnType<typeof loadBackupConfig>, release: () => void): Promise<BackupResult> {
  try {
    const database = await openDatabase(config.database);
    try {
      return await takeBackup(database, { dataDir: config.dataDir, ...config.backup }, new Date());
    } finally {
      await database.close();
      makeDataDirPrivate(config.dataDir);
    }
  } finally {
    release();
  }
}

async function backUp(env: NodeJS.ProcessEnv, print: Printer): Promise<number> {
  const config = loadBackupConfig(env);
  if (config.database.kind === 'postgres') {
    print.error(
      'DATABASE_URL is set: back up PostgreSQL with its own tools, for example\n' +
        '  pg_dump -Fc --no-owner -d "$DATABASE_URL" -f portal-$(date -u +%Y%m%dT%H%M%SZ).dump\n' +
        '(README, "Backups"). npm run backup covers the embedded database only.',
    );
    return 1;
  }
  if (!existsSync(path.join(config.database.dir, 'PG_VERSION'))) {
    print.error(`There is no database in DATA_DIR ${config.dataDir} to back up (is DATA_DIR set as the server's?).`);
    return 1;
  }
  let release: (() => void) | undefined;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  const result = release ? await backUpHere(config, release) : await askRunningServer(config.dataDir);
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  print.log(
    `Backup written: ${result.file} (${megabytes} MB in ${seconds(result.durationMs)}` +
      `${release ? '' : `, taken by the running server; writes waited at most ${seconds(result.copyMs)} for the copy`})`,
  );
  print.log(`Checksum:       ${result.checksumFile} (sha256 ${result.sha256})`);
  if (result.removed.length > 0) print.log(`Removed by rotation (BACKUP_KEEP=${config.backup.keep}): ${result.removed.join(', ')}`);
  return 0;
}

class RestoreRefusedError extends Error {}

function holdsDatabase(folder: string): boolean {
  try {
    return readdirSync(folder).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function restore(given: string | undefined, env: NodeJS.ProcessEnv, print: Printer): Promise<number> {
  if (!given) {
    print.error('Usage: npm run restore -- FILE   (an archive written by npm run backup, its .sha256 file beside it)');
    return 2;
  }
  // npm runs scripts in the project's folder; INIT_CWD is where the operator typed the command.
  const file = path.resolve(env.INIT_CWD ?? process.cwd(), given);
  const config = loadBackupConfig(env);
  if (config.database.kind === 'postgres') {
    throw new RestoreRefusedError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore, for example\n' +
        '  pg_restore --no-owner -d "$DATABASE_URL" portal-….dump\n' +
        '(README, "Backups"). npm run restore covers the embedded database only.',
    );
  }
  if (!existsSync(file)) throw new RestoreRefusedError(`${file} does not exist.`);
  const sha256 = await verifyArchive(file);

  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new RestoreRefusedError(`${error.message}\nNothing was restored: restore writes only into a DATA_DIR no server is using; stop the server first.`);
    }
    throw error;
  }
  const databaseDir = path.join(config.dataDir, PGLITE_FOLDER);
  try {
    if (holdsDatabase(databaseDir)) {
      throw new RestoreRefusedError(
        `DATA_DIR ${config.dataDir} already holds a database (${databaseDir}). Nothing was restored: restore ` +
          'writes only into an empty DATA_DIR. Move that folder away (keep it until the restored one works), or set DATA_DIR to a new folder.',
      );
    }
    const started = performance.now();
    const manifest = await extractArchive(file, config.dataDir);
    let bookings: number;
    try {
      const database = await openDatabase(config.database);
      try {
        const { rows } = (await database.db.execute(sql`SELECT count(*)::int AS n FROM bookings`)) as unknown as { rows: { n: number }[] };
        bookings = rows[0]?.n ?? 0;
      } finally {
        await database.close();
      }
    } catch (error) {
      rmSync(databaseDir, { recursive: true, force: true });
      throw new RestoreRefusedError(`The restored database did not open (${(error as Error).message}); DATA_DIR was left without it.`);
    }
    makeDataDirPrivate(config.dataDir);
    print.log(`Restored ${file} (taken ${manifest.takenAt}, sha256 ${sha256}) into ${config.dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${bookings} bookings.`);
    if (!manifest.hasAuthSecret) {
      print.log('The archive holds no auth secret (its server had AUTH_SECRET set): start the server with that same AUTH_SECRET.');
    }
    print.log('Start the server on it with npm start.');
    return 0;
  } finally {
    release();
  }
}

/** `npm run backup`: returns the exit code. */
export async function backupCommand(env: NodeJS.ProcessEnv, print: Printer): Promise<number> {
  try {
    return await backUp(env, print);
  } catch (error) {
    if (error instanceof BackupCommandError || error instanceof ConfigError) print.error(error.message);
    else print.error(`Backup failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

/** `npm run restore -- FILE`: returns the exit code. */
export async function restoreCommand(file: string | undefined, env: NodeJS.ProcessEnv, print: Printer): Promise<number> {
  try {
    return await restore(file, env, print);
  } catch (error) {
    if (error instanceof RestoreRefusedError || error instanceof BackupArchiveError || error instanceof ConfigError) print.error(error.message);
    else print.error(`Restore failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
