/**
 * On PostgreSQL, backups are PostgreSQL's own: the README's `pg_dump -Fc` and `pg_restore`
 * commands, run here exactly so against a throwaway cluster, restore every booking, and the app
 * starts on the restored database (its migrations already applied) with its sessions intact.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { insertBulkBookings } from '../../test/bulk-bookings.ts';
import { insertSignedInPatients } from '../../test/patients.ts';
import { findPostgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from '../../test/throwaway-postgres.ts';

const AUTH_SECRET = 'pg-backup-secret-pg-backup-secret-0123';
const run = promisify(execFile);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function count(db: Db, table: string, schema = 'public'): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(schema)}.${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

function backupCommand(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../cli/backup.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('backup and restore on PostgreSQL (pg_dump -Fc, pg_restore)', () => {
  let cluster: ThrowawayPostgres;
  let root: string;
  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    root = mkdtempSync(path.join(tmpdir(), 'clinic-pg-backup-'));
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores every booking into a new database, and the app starts on it', async () => {
    const bin = findPostgresBinDir()!;
    const env = { NODE_ENV: 'test', DATA_DIR: path.join(root, 'data'), AUTH_SECRET, CLINIC_TIMEZONE: 'UTC', LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(root, 'no-web') };
    const url = await cluster.createDatabase('portal');
    const app = await buildApp(loadConfig({ ...env, DATABASE_URL: url }), { logger: false, jobs: { autoStart: false } });
    let bookingId: string;
    let patient: { token: string };
    let bookings: number;
    let migrations: number;
    try {
      patient = (await insertSignedInPatients(app.database.db, AUTH_SECRET, 1, 'pgbackup'))[0]!;
      const [treatment] = (await app.inject({ url: `/api/available?date=${day(2)}` })).json<{ _id: string; slots: string[] }[]>();
      const res = await app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: { authorization: `Bearer ${patient.token}` },
        payload: { treatmentId: treatment!._id, date: day(2), slot: treatment!.slots[3] },
      });
      expect(res.statusCode).toBe(201);
      bookingId = res.json<{ booking: { _id: string } }>().booking._id;
      await insertBulkBookings(app.database.db, 2000);
      bookings = await count(app.database.db, 'bookings');
      expect(bookings).toBe(2001);
      migrations = await count(app.database.db, '__drizzle_migrations', 'drizzle');
    } finally {
      await app.close();
    }

    // The README's commands: a custom-format dump, restored into a new, empty database.
    const file = path.join(root, 'portal.dump');
    const [, refused] = await Promise.all([
      run(path.join(bin, 'pg_dump'), ['-Fc', '--no-owner', '-d', url, '-f', file]),
      // npm run backup covers the embedded database; on PostgreSQL it names pg_dump instead.
      backupCommand({ ...env, DATABASE_URL: url }),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/DATABASE_URL is set: back up PostgreSQL with its own tools.*\n\s+pg_dump -Fc/);
    const restoredUrl = await cluster.createDatabase('portal_restored');
    await run(path.join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', '--single-transaction', '-d', restoredUrl, file]);

    const restored = await buildApp(loadConfig({ ...env, DATABASE_URL: restoredUrl }), { logger: false, jobs: { autoStart: false } });
    try {
      const db = restored.database.db;
      expect(await count(db, 'bookings')).toBe(bookings);
      expect(await count(db, 'booking_events')).toBe(bookings);
      const res = await restored.inject({ url: `/api/booking/${bookingId}`, headers: { authorization: `Bearer ${patient.token}` } });
      expect(res.statusCode).toBe(200);
      // The migrations came with the data: starting applied none again.
      expect(await count(db, '__drizzle_migrations', 'drizzle')).toBe(migrations);
    } finally {
      await restored.close();
    }
  });
});
