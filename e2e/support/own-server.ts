/**
 * A server of a spec's own: the built bundle (as `npm start` runs it, serving the built web app)
 * on a throwaway PostgreSQL, for a test that must write to the database behind the server's back
 * (a booking in the past, which no API makes). The suite's shared server keeps its embedded
 * database to itself (PGlite: one process per DATA_DIR), so it cannot be used for that.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startThrowawayPostgres } from '../../apps/server/src/test/throwaway-postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLE = path.join(ROOT, 'apps/server/dist/server.mjs');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** The same admin as the shared server's (playwright.config.ts). */
export const OWN_ADMIN = { email: 'admin@clinic.test', password: 'clinic-owner-2030' };

export interface OwnServer {
  baseURL: string;
  /** The server's database: a client for the test's own SQL (closed by `stop`). */
  sql: pg.Client;
  stop(): Promise<void>;
}

/**
 * `env`: settings of the spec's own on top of the suite's (mail to the suite's mailbox, say),
 * which the shared servers must not get.
 */
export async function startOwnServer(env: Readonly<Record<string, string>> = {}): Promise<OwnServer> {
  const postgres = await startThrowawayPostgres();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-e2e-own-'));
  let child: ReturnType<typeof spawn> | undefined;
  let sql: pg.Client | undefined;
  const stop = async () => {
    await sql?.end().catch(() => {});
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = await postgres.createDatabase('clinic_e2e');
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: 'e2e-own-server-secret-0123456789abcdef',
        ADMIN_EMAIL: OWN_ADMIN.email,
        ADMIN_PASSWORD: OWN_ADMIN.password,
        CLINIC_TIMEZONE: 'UTC',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: WEB_DIST,
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_FAILURES_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
      try {
        if ((await fetch(`${baseURL}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer /api/health in 60 s:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    return { baseURL, sql, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
