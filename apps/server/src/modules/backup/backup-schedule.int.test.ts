/**
 * Scheduled backups (BACKUP_INTERVAL_HOURS, BACKUP_KEEP) as the job runner's minute tick takes
 * them, on the embedded database on disk, with the clock pinned and moved by hand; on
 * PostgreSQL there are none (the operator's pg_dump), and no backup route.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';
import { buildTestApp, createTestStorage, testDb, type TestApp, type TestStorage } from '../../test/helper.ts';
import { archiveName } from './backup-rules.ts';

const HOUR = 3_600_000;
const START = new Date('2030-06-05T10:00:30Z');

let t: TestApp | undefined;
let storage: TestStorage | undefined;
afterEach(async () => {
  await t?.close();
  storage?.remove();
  t = undefined;
  storage = undefined;
});

const backupTicks = (app: TestApp) => app.db.select().from(jobs).where(eq(jobs.kind, 'tick.backup'));
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('scheduled backups', () => {
  if (testDb === 'pglite') {
    it('takes one an hour after start, then one per interval, keeping the newest BACKUP_KEEP, private', async () => {
      storage = await createTestStorage();
      let now = START;
      t = await buildTestApp(
        { BACKUP_INTERVAL_HOURS: '2', BACKUP_KEEP: '1' },
        { storage, now: () => now, jobs: { autoStart: false } },
      );
      const dir = path.join(storage.dataDir, 'backups');
      const archives = () => readdirSync(dir).filter((name) => name.endsWith('.tar.gz')).sort();
      const at = (ms: number) => (now = new Date(START.getTime() + ms));

      await t.app.jobs.drain();
      expect(readdirSync(storage.dataDir)).not.toContain('backups');

      // With none yet, the first comes an hour after start; then every two hours.
      at(HOUR);
      await t.app.jobs.drain();
      expect(archives()).toEqual([archiveName(now)]);
      at(3 * HOUR - 60_000);
      await t.app.jobs.drain();
      expect(archives()).toEqual([archiveName(new Date(START.getTime() + HOUR))]);
      at(3 * HOUR);
      await t.app.jobs.drain();
      // BACKUP_KEEP=1: the older one went, with its checksum file.
      expect(archives()).toEqual([archiveName(now)]);

      // Each archive has its checksum beside it; the folder and the files are the owner's only.
      expect(readdirSync(dir).sort()).toEqual(archives().flatMap((name) => [name, `${name}.sha256`]));
      expect(mode(dir)).toBe('700');
      for (const name of readdirSync(dir)) expect(mode(path.join(dir, name))).toBe('600');
      // One tick a minute, whichever instance inserts it: the runner ran each of them once.
      const ticks = await backupTicks(t);
      expect(ticks.length).toBe(4);
      expect(ticks.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);

      // Backups on request only with the token the server wrote into DATA_DIR, from this machine.
      const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        t!.app.inject({ method: 'POST', url: '/internal/backup', headers, remoteAddress });
      expect((await ask({})).statusCode).toBe(401);
      expect((await ask({ authorization: `Bearer ${'x'.repeat(43)}` })).statusCode).toBe(401);
      expect((await ask({ authorization: 'Bearer anything' }, '10.0.0.9')).statusCode).toBe(403);
      expect(archives()).toEqual([archiveName(now)]);
    });
  } else {
    it('schedules none on PostgreSQL and offers no backup route (pg_dump is the operator’s)', async () => {
      storage = await createTestStorage();
      let now = START;
      t = await buildTestApp({ BACKUP_INTERVAL_HOURS: '1' }, { storage, now: () => now, jobs: { autoStart: false } });
      now = new Date(START.getTime() + 48 * HOUR);
      await t.app.jobs.drain();
      expect(await backupTicks(t)).toEqual([]);
      expect(readdirSync(storage.dataDir)).not.toContain('backups');
      expect((await t.app.inject({ method: 'POST', url: '/internal/backup' })).statusCode).toBe(404);
    });
  }
});
