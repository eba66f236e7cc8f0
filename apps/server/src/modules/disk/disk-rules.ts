/**
 * The free-space watermarks of the embedded database (docs/decisions/027), as pure functions.
 *
 * PostgreSQL cannot survive a failed write of its write-ahead log: PGlite then answers nothing
 * until the process is ended. The log grows in segments of 16 MB, each written out whole when it
 * is started, so the product must stop writing while several segments still fit: below the stop
 * watermark writes are refused, reads go on, and writing resumes by itself once space is back.
 */
import type { DiskState } from '@clinic/shared';

export const MB = 1024 * 1024;

/** PGlite's `wal_segment_size`: what the next segment of the write-ahead log takes at once. */
export const WAL_SEGMENT_MB = 16;

/** DISK_STOP_MB's default: room for three segments (one being started, and two to spare). */
export const DEFAULT_DISK_STOP_MB = 3 * WAL_SEGMENT_MB;

/** DISK_WARN_MB's default: room for eight segments and a tenth more, rounded up. */
export const DEFAULT_DISK_WARN_MB = Math.ceil(8 * WAL_SEGMENT_MB * 1.1);

/** The least DISK_STOP_MB may be (besides 0, off): one whole segment must always still fit. */
export const MIN_DISK_STOP_MB = WAL_SEGMENT_MB + 1;

export interface Watermarks {
  /** Below this many free bytes: warn. 0: never. */
  warnBytes: number;
  /** Below this many free bytes: refuse writes. 0: never. */
  stopBytes: number;
}

export function watermarksOf({ warnMb, stopMb }: { warnMb: number; stopMb: number }): Watermarks {
  return { warnBytes: warnMb * MB, stopBytes: stopMb * MB };
}

/** A file system's state from its free bytes: `full` below the stop watermark, `low` below the warning one. */
export function diskStateOf(freeBytes: number, { warnBytes, stopBytes }: Watermarks): DiskState {
  if (stopBytes > 0 && freeBytes < stopBytes) return 'full';
  if (warnBytes > 0 && freeBytes < warnBytes) return 'low';
  return 'ok';
}

/** Writes are refused only on a full file system under DATA_DIR. */
export const refusesWrites = (state: DiskState) => state === 'full';

/** Methods that only read: never refused for space. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request counts as a write the stop watermark refuses: any other method under /api
 * (the SPA's pages, /metrics and the operator's /internal routes are not the API's writes; a
 * requested backup checks its own room). A route may declare it still serves on a full disk.
 */
export function isRefusableWrite(method: string, url: string): boolean {
  return !READ_METHODS.has(method) && (url === '/api' || url.startsWith('/api/'));
}

/**
 * What the next backup archive will take: the newest archive's size and a quarter more for what
 * the database has grown since, or with none yet, the database's files themselves (the archive
 * is compressed, so that is more than it will take).
 */
export function backupEstimateBytes({ newestArchiveBytes, databaseBytes }: { newestArchiveBytes: number | null; databaseBytes: number }): number {
  return newestArchiveBytes === null ? databaseBytes : Math.ceil(newestArchiveBytes * 1.25);
}

/** A backup may start only if, once written, its file system still has the stop watermark free. */
export function backupFits({ freeBytes, estimateBytes, stopBytes }: { freeBytes: number; estimateBytes: number; stopBytes: number }): boolean {
  return freeBytes - estimateBytes >= stopBytes;
}

/** Megabytes with one decimal, for people and /api/health. */
export const toMb = (bytes: number) => Math.floor((bytes / MB) * 10) / 10;
