/**
 * WEB_CONCURRENCY (server-cluster.ts): one `server.ts` serving from N processes on one port on
 * PostgreSQL, replacing a process that dies, stopping cleanly on SIGTERM, refused on PGlite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { insertSignedInPatients } from './test/helper.ts';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from './test/throwaway-postgres.ts';

const SERVER = path.resolve(import.meta.dirname, 'server.ts');
const AUTH_SECRET = 'cluster-secret-cluster-secret-cluster-01';
const DAY = new Date(Date.now() + 11 * 86_400_000).toISOString().slice(0, 10);

function start(env: Record<string, string>, dataDir: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, AUTH_SECRET, HOST: '127.0.0.1', DATA_DIR: dataDir, CLINIC_TIMEZONE: 'UTC', LOG_LEVEL: 'info', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** What the log said besides the requests, to read on a failure. */
const lastLines = (output: string) => output.split('\n').filter((line) => !line.includes('"request completed"')).slice(-20).join('\n');

/** The processes the primary started (Linux: its children, from /proc). */
const workersOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, output: () => string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pids whose request lines the log holds for `url` (each line is one answer, with its pid). */
const answeredBy = (output: string, url: string) =>
  new Set(
    output
      .split('\n')
      .filter((line) => line.includes('"request completed"') && line.includes(`"url":"${url}"`))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

describe('WEB_CONCURRENCY', () => {
  let postgres: ThrowawayPostgres;
  let database: Database;
  let url: string;
  const dirs: string[] = [];
  const dir = () => {
    const made = mkdtempSync(path.join(tmpdir(), 'clinic-cluster-'));
    dirs.push(made);
    return made;
  };

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    url = await postgres.createDatabase('cluster');
    database = await openDatabase({ kind: 'postgres', url });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await postgres?.stop();
    for (const made of dirs) rmSync(made, { recursive: true, force: true });
  });

  it('is refused on the embedded database, with a message saying why and what to do', async () => {
    const server = start({ WEB_CONCURRENCY: '2', PORT: String(await freePort()) }, dir());
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WEB_CONCURRENCY: is 2, but the embedded database takes one process per DATA_DIR/);
    expect(server.output()).toMatch(/Set DATABASE_URL/);
  }, 30_000);

  it('serves from two processes on one port, books a slot once among 200 patients, replaces a dead process and stops cleanly', async () => {
    const port = await freePort();
    const server = start({ WEB_CONCURRENCY: '2', PORT: String(port), DATABASE_URL: url }, dir());
    const base = `http://127.0.0.1:${port}`;
    try {
      await until('two processes ready', () => (/2 server processes ready on one port/.test(server.output()) ? true : undefined), server.output);
      const first = workersOf(server.child.pid!);
      expect(first).toHaveLength(2);

      // New connections go to each process in turn: both answer.
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${base}/api/service`, { headers: { connection: 'close' } });
        expect(res.status).toBe(200);
      }
      await until('both processes answering', () => (answeredBy(server.output(), '/api/service').size === 2 ? true : undefined), server.output, 5_000);

      // The guarantee holds across the processes: one slot, 200 patients, one booking.
      const patients = await insertSignedInPatients(database.db, AUTH_SECRET, 200);
      const treatments = (await (await fetch(`${base}/api/available?date=${DAY}`)).json()) as { _id: string; slots: string[] }[];
      const target = treatments[1]!;
      const slot = target.slots[3]!;
      const statuses = await Promise.all(
        patients.map(async (p) => {
          const res = await fetch(`${base}/api/booking`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}`, connection: 'close' },
            body: JSON.stringify({ treatmentId: target._id, date: DAY, slot }),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect({ created: statuses.filter((s) => s === 201).length, conflicts: statuses.filter((s) => s === 409).length }).toEqual({ created: 1, conflicts: 199 });
      expect(answeredBy(server.output(), '/api/booking').size).toBe(2);

      // A process killed outright is replaced; the port keeps answering meanwhile.
      process.kill(first[0]!, 'SIGKILL');
      const next = await until('a replacement', () => {
        const now = workersOf(server.child.pid!);
        return now.length === 2 && !now.includes(first[0]!) ? now : undefined;
      }, server.output);
      expect(next).toContain(first[1]);
      await until('the port answering', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), server.output);
      // (The primary's log goes out in blocks, within a second.)
      await until('the replacement logged', () => (/a server process died: starting another/.test(server.output()) ? true : undefined), server.output, 5_000);

      server.child.kill('SIGTERM');
      const code = await server.exited;
      expect(code, lastLines(server.output())).toBe(0);
      expect(server.output()).toMatch(/every server process has stopped"/);
      for (const pid of next) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('stops every process and exits non-zero when one cannot start', async () => {
    // A database nobody listens on: each process gives up after DATABASE_CONNECT_RETRY_SECONDS.
    const server = start({ WEB_CONCURRENCY: '2', PORT: String(await freePort()), DATABASE_URL: `postgres://nobody@127.0.0.1:${await freePort()}/none`, DATABASE_CONNECT_RETRY_SECONDS: '0' }, dir());
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toMatch(/a server process failed while starting: stopping the others/);
  }, 60_000);
});
