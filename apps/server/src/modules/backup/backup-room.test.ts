import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@clinic/shared';
import { MB } from '../disk/disk-rules.ts';
import { archiveName } from './backup-rules.ts';
import { createBackupService } from './backup.service.ts';

const NOW = new Date('2030-06-05T10:00:00Z');

/** A DATA_DIR whose database files take `databaseMb` (sparse: nothing is written) and a BACKUP_DIR. */
function dirs(databaseMb: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-backup-room-'));
  mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
  mkdirSync(path.join(dataDir, 'pglite', 'pg_wal'));
  writeFileSync(path.join(dataDir, 'pglite', 'base', 'table'), '');
  truncateSync(path.join(dataDir, 'pglite', 'base', 'table'), databaseMb * MB);
  // The write-ahead log is not counted: an archive holds only its current segment.
  writeFileSync(path.join(dataDir, 'pglite', 'pg_wal', 'segment'), '');
  truncateSync(path.join(dataDir, 'pglite', 'pg_wal', 'segment'), 160 * MB);
  const dir = path.join(dataDir, 'backups');
  mkdirSync(dir);
  return { dataDir, dir };
}

function setup(databaseMb: number, freeMb: number) {
  const { dataDir, dir } = dirs(databaseMb);
  const snapshotDataDir = vi.fn(async () => {
    throw new Error('the test stops here: the backup was started');
  });
  const warn = vi.fn();
  const backups = createBackupService({
    database: { snapshotDataDir },
    settings: { dataDir, dir, intervalHours: 1, keep: 0 },
    now: () => NOW,
    log: { info: vi.fn(), warn, error: vi.fn() },
    disk: { stopBytes: 48 * MB, freeBytesOf: async () => freeMb * MB },
  });
  return { backups, snapshotDataDir, warn, dir };
}

describe('a backup that would cross DISK_STOP_MB', () => {
  it('is refused when requested, with the figures, and never started', async () => {
    const { backups, snapshotDataDir, warn } = setup(20, 60);
    const refused = backups.backUp();
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.DISK_FULL, status: 503 });
    await expect(refused).rejects.toThrow('Backup not started: about 20 MB would leave less than DISK_STOP_MB (48) of the 60 MB free under BACKUP_DIR. Free some space or point BACKUP_DIR at another disk.');
    expect(snapshotDataDir).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      { backup: { reason: 'requested', freeMb: 60, estimateMb: 20, stopMb: 48 } },
      'backup not started: about 20 MB would leave less than DISK_STOP_MB (48) of the 60 MB free under BACKUP_DIR',
    );
  });

  it('is started when what it leaves is the stop watermark or more', async () => {
    const { backups, snapshotDataDir } = setup(20, 68);
    await expect(backups.backUp()).rejects.toThrow('the test stops here');
    expect(snapshotDataDir).toHaveBeenCalledOnce();
  });

  it('is weighed by the newest archive and a quarter more once there is one', async () => {
    const { backups, snapshotDataDir, dir } = setup(500, 60);
    writeFileSync(path.join(dir, archiveName(new Date('2030-06-04T03:00:00Z'))), '');
    truncateSync(path.join(dir, archiveName(new Date('2030-06-04T03:00:00Z'))), 8 * MB);
    await expect(backups.backUp()).rejects.toThrow('the test stops here');
    expect(snapshotDataDir).toHaveBeenCalledOnce();
  });
});
