/**
 * Watches the free space of the file systems under DATA_DIR and BACKUP_DIR every few seconds,
 * off the request path (statfs is one cheap system call), and keeps the last reading: the write
 * guard (plugins/disk-guard.ts), /api/health, /metrics and the admins' Background work page read
 * it without touching the disk. Each change of state is logged once. Rules: disk-rules.ts.
 */
import { stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { DiskSpace, DiskState } from '@clinic/shared';
import { diskStateOf, MB, refusesWrites, toMb, watermarksOf } from './disk-rules.ts';

/** How often the space is read: writes stop and resume within this (and a statfs) of the change. */
export const DISK_CHECK_INTERVAL_MS = 2000;

export interface FreeSpace {
  /** Bytes an unprivileged process may still write (statfs's `bavail`: root's reserve left out). */
  freeBytes: number;
  /** Which file system it is (`st_dev`): two directories on one are watched as one. */
  device: number;
}

/** Reads a directory's file system; a directory not created yet is read at its nearest existing parent. */
export type FreeSpaceReader = (dir: string) => Promise<FreeSpace>;

export const readFreeSpace: FreeSpaceReader = async (dir) => {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const [space, info] = await Promise.all([statfs(current), stat(current)]);
      return { freeBytes: space.bavail * space.bsize, device: info.dev };
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
};

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DiskWatchOptions {
  dataDir: string;
  backupDir: string;
  /** DISK_WARN_MB and DISK_STOP_MB (0: off). */
  warnMb: number;
  stopMb: number;
  read?: FreeSpaceReader;
  intervalMs?: number;
  now: () => Date;
  log: Log;
}

export interface DiskWatch {
  /** Reads the space now and updates the state (start-up awaits the first; the timer the rest). */
  check(): Promise<DiskSpace>;
  /** The last reading. */
  current(): DiskSpace;
  /** Whether writes are refused now (DATA_DIR's file system below DISK_STOP_MB). */
  refusesWrites(): boolean;
  /** A directory's free bytes now, read fresh (a backup's room is weighed just before it starts). */
  freeBytesOf(dir: string): Promise<number>;
  stopBytes: number;
  start(): void;
  stop(): void;
}

const PLACES = { data: 'DATA_DIR', backup: 'BACKUP_DIR' } as const;

export function createDiskWatch(options: DiskWatchOptions): DiskWatch {
  const { dataDir, backupDir, warnMb, stopMb, now, log } = options;
  const read = options.read ?? readFreeSpace;
  const intervalMs = options.intervalMs ?? DISK_CHECK_INTERVAL_MS;
  const watermarks = watermarksOf({ warnMb, stopMb });
  // Until the first reading nothing is refused: start-up reads once before it serves.
  let space: DiskSpace = { state: 'ok', freeMb: 0, warnMb, stopMb, backup: null, checkedAt: now().toISOString() };
  const states: Record<keyof typeof PLACES, DiskState> = { data: 'ok', backup: 'ok' };
  let isFailing = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<DiskSpace> | null = null;

  /** One line per change of state, never one per reading. */
  function report(place: keyof typeof PLACES, state: DiskState, freeBytes: number) {
    const before = states[place];
    states[place] = state;
    if (state === before) return;
    const name = PLACES[place];
    const detail = { disk: { dir: name, state, freeMb: toMb(freeBytes), warnMb, stopMb } };
    const free = `${toMb(freeBytes)} MB free under ${name}`;
    if (place === 'data' && state === 'full') {
      log.error(detail, `${free}, below DISK_STOP_MB (${stopMb}): writes are refused (503 disk_full) until space is freed`);
    } else if (place === 'data' && state === 'low') {
      const next = before === 'full' ? 'writes are accepted again' : `writes will be refused below DISK_STOP_MB (${stopMb})`;
      log.warn(detail, `${free}, below DISK_WARN_MB (${warnMb}): ${next}`);
    } else if (state !== 'ok') {
      log.warn(detail, `${free}, below DISK_${state === 'full' ? 'STOP' : 'WARN'}_MB: a backup that would leave less than DISK_STOP_MB (${stopMb}) is skipped`);
    } else {
      log.info(detail, `${free}: above DISK_WARN_MB (${warnMb}) again${before === 'full' && place === 'data' ? ', writes are accepted again' : ''}`);
    }
  }

  async function readNow(): Promise<DiskSpace> {
    try {
      const [data, backup] = await Promise.all([read(dataDir), read(backupDir)]);
      const state = diskStateOf(data.freeBytes, watermarks);
      report('data', state, data.freeBytes);
      const isApart = backup.device !== data.device;
      const backupState = isApart ? diskStateOf(backup.freeBytes, watermarks) : state;
      if (isApart) report('backup', backupState, backup.freeBytes);
      else states.backup = backupState;
      if (isFailing) log.info({}, 'free space can be read again');
      isFailing = false;
      space = {
        state,
        freeMb: toMb(data.freeBytes),
        warnMb,
        stopMb,
        backup: isApart ? { state: backupState, freeMb: toMb(backup.freeBytes) } : null,
        checkedAt: now().toISOString(),
      };
    } catch (error) {
      // The last reading stands: a passing failure must neither stop writes nor let them through.
      if (!isFailing) log.warn({ err: error }, 'free space could not be read; the last reading stands');
      isFailing = true;
    }
    return space;
  }

  function check(): Promise<DiskSpace> {
    inFlight ??= readNow().finally(() => (inFlight = null));
    return inFlight;
  }

  return {
    check,
    current: () => space,
    refusesWrites: () => refusesWrites(space.state),
    freeBytesOf: async (dir) => (await read(dir)).freeBytes,
    stopBytes: stopMb * MB,
    start() {
      if (timer) return;
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
