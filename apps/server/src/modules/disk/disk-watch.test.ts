import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MB } from './disk-rules.ts';
import { createDiskWatch, readFreeSpace, type FreeSpace } from './disk-watch.ts';

const at = new Date('2030-06-05T10:00:00Z');

function setup(initial: Record<string, FreeSpace | Error>) {
  const space = { ...initial };
  const lines: { level: string; msg: string }[] = [];
  const record = (level: string) => (_obj: object, msg: string) => void lines.push({ level, msg });
  const watch = createDiskWatch({
    dataDir: '/data',
    backupDir: '/backups',
    warnMb: 141,
    stopMb: 48,
    read: async (dir) => {
      const value = space[dir];
      if (!value || value instanceof Error) throw value ?? new Error(`no ${dir}`);
      return value;
    },
    now: () => at,
    log: { info: record('info'), warn: record('warn'), error: record('error') },
  });
  return { watch, space, lines };
}

describe('the disk watch', () => {
  it('reads both directories, and shows BACKUP_DIR apart only on a file system of its own', async () => {
    const { watch, space } = setup({ '/data': { freeBytes: 500 * MB, device: 1 }, '/backups': { freeBytes: 500 * MB, device: 1 } });
    expect(await watch.check()).toEqual({ state: 'ok', freeMb: 500, warnMb: 141, stopMb: 48, backup: null, checkedAt: at.toISOString() });
    space['/backups'] = { freeBytes: 100 * MB, device: 2 };
    expect((await watch.check()).backup).toEqual({ state: 'low', freeMb: 100 });
    expect(watch.refusesWrites()).toBe(false);
  });

  it('refuses writes below the stop watermark under DATA_DIR, and accepts them again once space is back, logging each change once', async () => {
    const { watch, space, lines } = setup({ '/data': { freeBytes: 500 * MB, device: 1 }, '/backups': { freeBytes: 500 * MB, device: 1 } });
    await watch.check();
    space['/data'] = space['/backups'] = { freeBytes: 100 * MB, device: 1 };
    await watch.check();
    await watch.check();
    expect(watch.current().state).toBe('low');
    expect(watch.refusesWrites()).toBe(false);
    space['/data'] = space['/backups'] = { freeBytes: 40 * MB, device: 1 };
    await watch.check();
    await watch.check();
    expect(watch.refusesWrites()).toBe(true);
    space['/data'] = space['/backups'] = { freeBytes: 300 * MB, device: 1 };
    await watch.check();
    expect(watch.refusesWrites()).toBe(false);
    expect(lines).toEqual([
      { level: 'warn', msg: '100 MB free under DATA_DIR, below DISK_WARN_MB (141): writes will be refused below DISK_STOP_MB (48)' },
      { level: 'error', msg: '40 MB free under DATA_DIR, below DISK_STOP_MB (48): writes are refused (503 disk_full) until space is freed' },
      { level: 'info', msg: '300 MB free under DATA_DIR: above DISK_WARN_MB (141) again, writes are accepted again' },
    ]);
  });

  it('never refuses writes for a full BACKUP_DIR on another file system, and says backups will wait', async () => {
    const { watch, lines } = setup({ '/data': { freeBytes: 500 * MB, device: 1 }, '/backups': { freeBytes: 10 * MB, device: 2 } });
    await watch.check();
    expect(watch.current()).toMatchObject({ state: 'ok', backup: { state: 'full', freeMb: 10 } });
    expect(watch.refusesWrites()).toBe(false);
    expect(lines).toEqual([{ level: 'warn', msg: '10 MB free under BACKUP_DIR, below DISK_STOP_MB: a backup that would leave less than DISK_STOP_MB (48) is skipped' }]);
  });

  it('keeps the last reading when the space cannot be read, saying so once', async () => {
    const { watch, space, lines } = setup({ '/data': { freeBytes: 40 * MB, device: 1 }, '/backups': { freeBytes: 40 * MB, device: 1 } });
    await watch.check();
    space['/data'] = new Error('EIO');
    await watch.check();
    await watch.check();
    expect(watch.refusesWrites()).toBe(true);
    expect(lines.slice(1).map((line) => line.msg)).toEqual(['free space could not be read; the last reading stands']);
  });

  it('reads a real file system, a directory not made yet at its parent', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clinic-disk-'));
    const space = await readFreeSpace(path.join(dir, 'backups', 'not-yet'));
    expect(space.freeBytes).toBeGreaterThan(0);
    expect(space).toEqual(await readFreeSpace(dir).then((own) => ({ ...own, freeBytes: space.freeBytes })));
  });
});
