/**
 * Backup and restore of a database of 100,000 bookings (and their events), as an operator runs
 * them: on the embedded database `npm run backup` asking a running server, then `npm run restore`
 * into an empty DATA_DIR and the app started on it; on PostgreSQL `pg_dump -Fc` and `pg_restore`
 * as the README shows them. Also how long requests waited while the server copied its files.
 * Figures: docs/benchmarks.md, "Backup and restore".
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { insertBulkBookings } from '../apps/server/src/test/bulk-bookings.ts';
import { findPostgresBinDir, startThrowawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const AUTH_SECRET = 'bench-backup-secret-bench-backup-secret-1';
const run = promisify(execFile);
const cli = (name: string) => path.resolve(import.meta.dirname, `../apps/server/src/cli/${name}.ts`);

async function count(db: Db, table: 'bookings' | 'booking_events'): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, (performance.now() - started) / 1000];
}

async function du(dir: string): Promise<string> {
  return (await run('du', ['-sh', dir])).stdout.split('\t')[0]!;
}

async function embedded() {
  const root = mkdtempSync(path.join(tmpdir(), 'clinic-bench-backup-'));
  const env = { DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent', CLINIC_TIMEZONE: 'UTC', BACKUP_INTERVAL_HOURS: '0', WEB_DIST_DIR: path.join(root, 'no-web') };
  try {
    const app = await buildApp(loadConfig(env), { logger: false });
    const [, seedSeconds] = await timed(() => insertBulkBookings(app.database.db, BOOKINGS));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    console.log(`PGlite: ${BOOKINGS} bookings written in ${seedSeconds.toFixed(1)} s; DATA_DIR/pglite ${await du(path.join(env.DATA_DIR, 'pglite'))}`);

    // Two clients asking /api/health (a query) back to back while the backup runs: how long
    // does a request wait for the copy? (A pause between requests could hide the wait.)
    let polling = true;
    let slowest = 0;
    const poll = async () => {
      while (polling) {
        const started = performance.now();
        await (await fetch(`http://127.0.0.1:${address.port}/api/health`)).arrayBuffer();
        slowest = Math.max(slowest, performance.now() - started);
      }
    };
    const poller = Promise.all([poll(), poll()]);
    const [backup, backupSeconds] = await timed(() => run(process.execPath, ['--import', 'tsx', cli('backup')], { env: { ...process.env, ...env } }));
    polling = false;
    await poller;
    await app.close();
    const file = /Backup written: (\S+)/.exec(backup.stdout)![1]!;
    console.log(backup.stdout.trim());
    console.log(`npm run backup (server running): ${backupSeconds.toFixed(1)} s; archive ${await du(file)}; slowest /api/health meanwhile ${slowest.toFixed(0)} ms`);

    const restoredDir = path.join(root, 'restored');
    const [restore, restoreSeconds] = await timed(() =>
      run(process.execPath, ['--import', 'tsx', cli('restore'), file], { env: { ...process.env, ...env, DATA_DIR: restoredDir } }),
    );
    console.log(restore.stdout.trim());
    const [restoredApp, startSeconds] = await timed(() => buildApp(loadConfig({ ...env, DATA_DIR: restoredDir }), { logger: false }));
    console.log(
      `npm run restore: ${restoreSeconds.toFixed(1)} s; then the app started on it in ${startSeconds.toFixed(1)} s with ` +
        `${await count(restoredApp.database.db, 'bookings')} bookings, ${await count(restoredApp.database.db, 'booking_events')} events`,
    );
    await restoredApp.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function postgres() {
  const bin = findPostgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const cluster = await startThrowawayPostgres();
  const root = mkdtempSync(path.join(tmpdir(), 'clinic-bench-pgdump-'));
  const base = { DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent', CLINIC_TIMEZONE: 'UTC', AUTH_SECRET, WEB_DIST_DIR: path.join(root, 'no-web') };
  try {
    const url = await cluster.createDatabase('portal');
    const app = await buildApp(loadConfig({ ...base, DATABASE_URL: url }), { logger: false });
    const [, seedSeconds] = await timed(() => insertBulkBookings(app.database.db, BOOKINGS));
    await app.close();
    console.log(`PostgreSQL: ${BOOKINGS} bookings written in ${seedSeconds.toFixed(1)} s`);
    const file = path.join(root, 'portal.dump');
    const [, dumpSeconds] = await timed(() => run(path.join(bin, 'pg_dump'), ['-Fc', '--no-owner', '-d', url, '-f', file]));
    const restoredUrl = await cluster.createDatabase('portal_restored');
    const [, restoreSeconds] = await timed(() => run(path.join(bin, 'pg_restore'), ['--no-owner', '-d', restoredUrl, file]));
    const [restoredApp, startSeconds] = await timed(() => buildApp(loadConfig({ ...base, DATABASE_URL: restoredUrl }), { logger: false }));
    console.log(
      `pg_dump -Fc: ${dumpSeconds.toFixed(1)} s, ${await du(file)}; pg_restore: ${restoreSeconds.toFixed(1)} s; the app started on it in ` +
        `${startSeconds.toFixed(1)} s with ${await count(restoredApp.database.db, 'bookings')} bookings, ${await count(restoredApp.database.db, 'booking_events')} events`,
    );
    await restoredApp.close();
  } finally {
    await cluster.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

console.log(`\nBackup and restore of ${BOOKINGS} bookings, ${new Date().toISOString()}:`);
await embedded();
await postgres();
