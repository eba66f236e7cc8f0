import { describe, expect, it } from 'vitest';
import { archiveName, archivesOldestFirst, archivesToRemove, isBackupDue, parseArchiveName } from './backup-rules.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('archive names', () => {
  it('carry the UTC time to the second, and a sequence for a second one within it', () => {
    expect(archiveName(at('2030-06-05T10:15:42.123Z'))).toBe('portal-20300605T101542Z.tar.gz');
    expect(archiveName(at('2030-06-05T10:15:42.999Z'), 2)).toBe('portal-20300605T101542Z-2.tar.gz');
    expect(parseArchiveName('portal-20300605T101542Z-2.tar.gz')).toEqual({
      name: 'portal-20300605T101542Z-2.tar.gz',
      takenAt: at('2030-06-05T10:15:42Z'),
      sequence: 2,
    });
  });

  it('are told from every other file in BACKUP_DIR', () => {
    for (const name of ['portal-20300605T101542Z.tar.gz.sha256', 'portal-20300605T101542Z.tar.gz.partial', 'notes.txt', 'portal-20301305T101542Z.tar.gz']) {
      expect(parseArchiveName(name)).toBeNull();
    }
  });

  it('sort by time, then sequence', () => {
    const names = ['portal-20300605T101542Z-1.tar.gz', 'portal-20300606T000000Z.tar.gz', 'portal-20300605T101542Z.tar.gz', 'x.sha256'];
    expect(archivesOldestFirst(names).map((entry) => entry.name)).toEqual([
      'portal-20300605T101542Z.tar.gz',
      'portal-20300605T101542Z-1.tar.gz',
      'portal-20300606T000000Z.tar.gz',
    ]);
  });
});

describe('rotation', () => {
  const names = Array.from({ length: 5 }, (_, day) => archiveName(at(`2030-06-0${day + 1}T03:00:00Z`)));

  it('removes the oldest beyond the newest BACKUP_KEEP, and nothing else', () => {
    expect(archivesToRemove([...names, `${names[0]}.sha256`, 'operator-notes.txt'], 3)).toEqual([names[0], names[1]]);
    expect(archivesToRemove(names, 5)).toEqual([]);
    expect(archivesToRemove(names, 14)).toEqual([]);
  });

  it('keeps everything with BACKUP_KEEP=0', () => {
    expect(archivesToRemove(names, 0)).toEqual([]);
  });
});

describe('isBackupDue', () => {
  const startedAt = at('2030-06-05T08:00:00Z');
  const taken = archiveName(at('2030-06-05T09:00:00Z'));

  it('is due one interval after the newest archive', () => {
    const state = { names: [taken], startedAt, intervalHours: 24 };
    expect(isBackupDue({ ...state, now: at('2030-06-06T08:59:59Z') })).toBe(false);
    expect(isBackupDue({ ...state, now: at('2030-06-06T09:00:00Z') })).toBe(true);
  });

  it('with no archive yet, waits an hour after start (or the interval, if shorter)', () => {
    expect(isBackupDue({ names: [], startedAt, intervalHours: 24, now: new Date(startedAt.getTime() + HOUR - 1) })).toBe(false);
    expect(isBackupDue({ names: [], startedAt, intervalHours: 24, now: new Date(startedAt.getTime() + HOUR) })).toBe(true);
    expect(isBackupDue({ names: ['unrelated.txt'], startedAt, intervalHours: 1, now: new Date(startedAt.getTime() + HOUR) })).toBe(true);
  });

  it('is never due with BACKUP_INTERVAL_HOURS=0', () => {
    expect(isBackupDue({ names: [], startedAt, intervalHours: 0, now: at('2031-01-01T00:00:00Z') })).toBe(false);
  });

  it('does not let an archive from a clock that ran ahead hold backups off', () => {
    const future = archiveName(at('2030-07-01T00:00:00Z'));
    const now = new Date(startedAt.getTime() + 2 * HOUR);
    expect(isBackupDue({ names: [future], startedAt, intervalHours: 24, now })).toBe(true);
    expect(isBackupDue({ names: [future, archiveName(new Date(now.getTime() - HOUR))], startedAt, intervalHours: 24, now })).toBe(false);
  });
});
