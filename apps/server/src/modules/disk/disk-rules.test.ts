import { describe, expect, it } from 'vitest';
import {
  backupEstimateBytes,
  backupFits,
  DEFAULT_DISK_STOP_MB,
  DEFAULT_DISK_WARN_MB,
  diskStateOf,
  isRefusableWrite,
  MB,
  refusesWrites,
  toMb,
  watermarksOf,
} from './disk-rules.ts';

describe('the watermarks', () => {
  const marks = watermarksOf({ warnMb: 141, stopMb: 48 });

  it('default to room for 8 WAL segments and a tenth (warn), and for 3 (stop)', () => {
    expect(DEFAULT_DISK_WARN_MB).toBe(141);
    expect(DEFAULT_DISK_STOP_MB).toBe(48);
  });

  it('tell ok, low and full apart at their edges: the watermark itself is on the safe side', () => {
    expect(diskStateOf(200 * MB, marks)).toBe('ok');
    expect(diskStateOf(141 * MB, marks)).toBe('ok');
    expect(diskStateOf(141 * MB - 1, marks)).toBe('low');
    expect(diskStateOf(48 * MB, marks)).toBe('low');
    expect(diskStateOf(48 * MB - 1, marks)).toBe('full');
    expect(diskStateOf(0, marks)).toBe('full');
  });

  it('refuse writes only when full', () => {
    expect([refusesWrites('ok'), refusesWrites('low'), refusesWrites('full')]).toEqual([false, false, true]);
  });

  it('are off at 0, each on its own', () => {
    expect(diskStateOf(0, watermarksOf({ warnMb: 0, stopMb: 0 }))).toBe('ok');
    expect(diskStateOf(10 * MB, watermarksOf({ warnMb: 0, stopMb: 48 }))).toBe('full');
    expect(diskStateOf(100 * MB, watermarksOf({ warnMb: 0, stopMb: 48 }))).toBe('ok');
    expect(diskStateOf(0, watermarksOf({ warnMb: 141, stopMb: 0 }))).toBe('low');
  });
});

describe('a write', () => {
  it('is any request to the API but a read', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isRefusableWrite(method, '/api/booking')).toBe(true);
      expect(isRefusableWrite(method, '/api/booking/b1/cancel?reason=x')).toBe(true);
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isRefusableWrite(method, '/api/booking')).toBe(false);
  });

  it('is never outside the API: pages, /metrics, the operator\'s /internal routes', () => {
    expect(isRefusableWrite('POST', '/internal/backup')).toBe(false);
    expect(isRefusableWrite('POST', '/metrics')).toBe(false);
    expect(isRefusableWrite('POST', '/apiary')).toBe(false);
    expect(isRefusableWrite('POST', '/api')).toBe(true);
  });
});

describe('a backup\'s room', () => {
  it('is estimated from the newest archive and a quarter more, else from the database files', () => {
    expect(backupEstimateBytes({ newestArchiveBytes: 40 * MB, databaseBytes: 900 * MB })).toBe(50 * MB);
    expect(backupEstimateBytes({ newestArchiveBytes: null, databaseBytes: 900 * MB })).toBe(900 * MB);
  });

  it('must leave the stop watermark free once written', () => {
    expect(backupFits({ freeBytes: 100 * MB, estimateBytes: 52 * MB, stopBytes: 48 * MB })).toBe(true);
    expect(backupFits({ freeBytes: 100 * MB, estimateBytes: 52 * MB + 1, stopBytes: 48 * MB })).toBe(false);
    expect(backupFits({ freeBytes: 10 * MB, estimateBytes: 10 * MB, stopBytes: 0 })).toBe(true);
  });
});

it('megabytes are shown with one decimal, never rounded up past the truth', () => {
  expect(toMb(48 * MB - 1)).toBe(47.9);
  expect(toMb(7.75 * MB)).toBe(7.7);
});
