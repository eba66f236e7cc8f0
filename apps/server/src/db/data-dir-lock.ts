/**
 * PGlite is single-process: two servers on one directory silently lose writes. The server
 * therefore holds an exclusive lock on DATA_DIR, a pid file created with O_EXCL.
 *
 * A pid alone is easily fooled: a killed server stays a zombie until its parent reaps it, a pid
 * is reused by unrelated processes, and a copy of a running server's directory carries its
 * `server.pid`. So the file names the holder by its pid, its start time (from /proc) and the
 * directory it locked (device and inode: a copy has its own, a moved or bind-mounted one keeps
 * them). The lock is taken over when that process is gone or a zombie, when the pid now belongs
 * to a process that started at another time, or when the holder locked another directory. Only
 * where the start time cannot be compared (a file from an older version, a system without /proc)
 * is a live pid taken for a server, and the refusal then says which file to delete if it is not.
 */
import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Who wrote a `server.pid`: always a pid; start time and directory since they were recorded. */
export interface LockHolder {
  pid: number;
  /** The process's start time, in clock ticks after boot (field 22 of /proc/<pid>/stat). */
  start?: string;
  /** The locked directory's `device:inode`. */
  dir?: string;
}

/** What /proc says of a running process: its state letter (`Z`: zombie) and its start time. */
export interface ProcessInfo {
  state: string;
  start: string;
}

const hasProc = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

/**
 * The process `pid` as /proc shows it; null when there is no such process; undefined when this
 * system has no /proc to ask.
 */
export function processInfo(pid: number): ProcessInfo | null | undefined {
  if (!hasProc) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '?', start: fields[19] ?? '' };
}

export function directoryId(dir: string): string {
  const { dev, ino } = statSync(dir);
  return `${dev}:${ino}`;
}

export function formatLockFile(holder: LockHolder): string {
  // The pid stays alone on the first line, for `kill $(head -1 server.pid)`.
  return [String(holder.pid), ...(holder.start ? [`start=${holder.start}`] : []), ...(holder.dir ? [`dir=${holder.dir}`] : []), ''].join('\n');
}

export function parseLockFile(text: string): LockHolder | null {
  const [first = '', ...rest] = text.split('\n');
  const pid = Number.parseInt(first.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const holder: LockHolder = { pid };
  for (const line of rest) {
    const [key, value] = line.split('=', 2);
    if (key === 'start' && value) holder.start = value.trim();
    if (key === 'dir' && value) holder.dir = value.trim();
  }
  return holder;
}

/**
 * Whether `holder` still holds the lock on the directory `dirId`: `live` (a server: refuse),
 * `unverified` (a live pid whose start time cannot be compared: refuse, naming the file), or why
 * the lock is stale. `info` is `processInfo(holder.pid)`; `isAlive` asks the OS where /proc cannot.
 */
export function lockState(
  holder: LockHolder,
  info: ProcessInfo | null | undefined,
  dirId: string,
  isAlive: (pid: number) => boolean,
): 'live' | 'unverified' | 'own' | 'gone' | 'zombie' | 'pid-reused' | 'copied' {
  if (holder.pid === process.pid) return 'own';
  if (info === undefined) return isAlive(holder.pid) ? 'unverified' : 'gone';
  if (info === null) return 'gone';
  // Z: exited, not yet reaped by its parent; X: being removed.
  if (info.state === 'Z' || info.state === 'X') return 'zombie';
  if (!holder.start) return 'unverified';
  if (holder.start !== info.start) return 'pid-reused';
  if (holder.dir && holder.dir !== dirId) return 'copied';
  return 'live';
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

/** The running command of `pid`, for a message; empty when it cannot be read. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return '';
  }
}

export function lockDataDir(dataDir: string): () => void {
  // Private from the start: db/data-dir-permissions.ts.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'server.pid');
  const dirId = directoryId(dataDir);
  const own: LockHolder = { pid: process.pid, start: processInfo(process.pid)?.start, dir: dirId };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, formatLockFile(own), { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (parseLockFile(readFileSync(file, 'utf8'))?.pid === process.pid) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // Removed by its holder meanwhile: the next O_EXCL attempt decides.
        continue;
      }
      const holder = parseLockFile(text);
      const state = holder ? lockState(holder, processInfo(holder.pid), dirId, isAlive) : 'gone';
      if (holder && state === 'live') {
        throw new DataDirLockedError(
          `Another server (pid ${holder.pid}) is already using DATA_DIR ${dataDir}. The embedded ` +
            'database allows one process only: stop that server, or set DATA_DIR to another ' +
            'directory, or use DATABASE_URL for several instances.',
        );
      }
      if (holder && state === 'unverified') {
        const command = commandOf(holder.pid);
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is locked by pid ${holder.pid} (its server.pid), and a process with that pid is ` +
            `running${command ? `: ${command}` : ''}. If that is a server on this directory, stop it first. If it is ` +
            `not (the directory was copied from a running server, say), delete ${file} and start again.`,
        );
      }
      // Stale: remove it and try again with O_EXCL.
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed it first; the next O_EXCL attempt decides.
      }
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}; another server is starting.`);
}
