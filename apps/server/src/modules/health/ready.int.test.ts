/**
 * GET /api/ready, for load balancers: 200 while the database answers, has every migration and
 * LISTEN is connected; 503 problem+json with Retry-After naming the failing check otherwise.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testDb, type TestApp } from '../../test/helper.ts';

const notReady = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers['retry-after']).toBe('5');
  return res.json() as { code: string; detail: string; checks: Record<string, string> };
};

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is ready on a migrated database with LISTEN connected', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: testDb,
      checks: { database: 'ok', migrations: 'ok', listener: 'ok' },
    });
  });

  it('is not ready while the newest migration is missing, and ready again once it is back', async () => {
    const newest = await t.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at`,
    );
    const [row] = Array.isArray(newest) ? newest : (newest as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    try {
      const problem = notReady(await t.app.inject('/api/ready'));
      expect(problem).toMatchObject({ code: 'service_unavailable', detail: 'Not ready: migrations pending.' });
      expect(problem.checks).toEqual({ database: 'ok', migrations: 'pending', listener: 'ok' });
    } finally {
      await t.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row!.id}, ${row!.hash}, ${row!.created_at})`);
    }
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
  });

  it.runIf(testDb === 'postgres')('is not ready while the LISTEN connection is down, and ready again when it is back', async () => {
    const url = new URL((t.config.database as { url: string }).url);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
    await admin.connect();
    try {
      // No new connection to this database (superusers included), so the listener cannot come
      // back; the pool keeps the connections it has.
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      const terminated = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'listen %'`,
        [name],
      );
      expect(terminated.rowCount).toBe(1);
      await vi.waitFor(async () => {
        const problem = notReady(await t.app.inject('/api/ready'));
        expect(problem.checks).toEqual({ database: 'ok', migrations: 'ok', listener: 'disconnected' });
        expect(problem.detail).toBe('Not ready: listener disconnected.');
      }, { timeout: 10_000, interval: 50 });
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await vi.waitFor(async () => expect((await t.app.inject('/api/ready')).statusCode).toBe(200), { timeout: 15_000, interval: 100 });
  });

  it('is not ready once the database is closed, saying so', async () => {
    const closing = await buildTestApp();
    try {
      await closing.app.database.close();
      const problem = notReady(await closing.app.inject('/api/ready'));
      expect(problem).toMatchObject({ code: 'service_unavailable', checks: { database: 'unreachable', migrations: 'unknown', listener: 'disconnected' } });
      expect(problem.detail).toBe('Not ready: database unreachable, migrations unknown, listener disconnected.');
    } finally {
      // The database is already closed: closing it again from the app's hook may throw.
      await closing.close().catch(() => {});
    }
  });
});
