/**
 * PGlite is single-process: two servers on one directory silently lose writes. The server
 * therefore holds an exclusive lock on DATA_DIR, a pid file created with O_EXCL. A lock left by a
 * killed process (kill -9) is taken over once that pid is no longer alive.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  // Private from the start: db/data-dir-permissions.ts.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `Another server (pid ${holder}) is already using DATA_DIR ${dataDir}. The embedded ` +
            'database allows one process only: stop that server, or set DATA_DIR to another ' +
            'directory, or use DATABASE_URL for several instances.',
        );
      }
      // Stale lock from a process that died: remove it and try again with O_EXCL.
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed it first; the next O_EXCL attempt decides.
      }
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}; another server is starting.`);
}
