/**
 * A real PostgreSQL for tests and benchmarks: `initdb` of a throwaway cluster in a temp directory,
 * started on a free loopback port, removed afterwards. Uses the server binaries of Debian's
 * postgresql package (scripts/ensure-test-prerequisites.ts installs them when missing).
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export function findPostgresBinDir(): string | null {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .map(Number)
    .filter((v) => v >= 15)
    .sort((a, b) => b - a);
  for (const version of versions) {
    const dir = path.join(root, String(version), 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database. */
  url: string;
  port: number;
  /** Creates a fresh, empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Shuts the server down and keeps its data, for tests of an outage; see `startServer`. */
  stopServer(): Promise<void>;
  /** Starts the server again after `stopServer`, at the same address, and waits until it accepts connections. */
  startServer(): Promise<void>;
  /** Stops every process of the cluster in its tracks (SIGSTOP), as a hung host would: nothing answers. */
  freeze(): void;
  /** Lets a frozen cluster run on (SIGCONT). */
  thaw(): void;
  /** Shuts the server down and removes the cluster. */
  stop(): Promise<void>;
}

export interface ThrowawayPostgresOptions {
  /**
   * Listen on a Unix socket only, for a cluster that a test stops and starts again: while it is
   * down, any other process may be given its TCP port, and then it could not come back at its URL.
   */
  socketOnly?: boolean;
  /**
   * PostgreSQL's durable defaults (fsync, synchronous commit, full page writes) instead of the
   * tests' durability off: for benchmarks whose limit is the commit itself, as in production.
   */
  durable?: boolean;
  /** More server settings (`-c name=value`), e.g. `shared_preload_libraries`. */
  settings?: Record<string, string>;
}

export async function startThrowawayPostgres({
  socketOnly = false,
  durable = false,
  settings = {},
}: ThrowawayPostgresOptions = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries not found: run `apt-get install -y postgresql` (or set PG_BIN_DIR).',
    );
  }
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const asOwner = (command: string, args: string[]) =>
    isRoot ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };

  const init = asOwner(path.join(bin, 'initdb'), [
    '-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync',
  ]);
  execFileSync(init.command, init.args, { stdio: 'pipe' });

  const port = socketOnly ? 5432 : await freePort();
  const run = asOwner(path.join(bin, 'postgres'), [
    '-D', dataDir, '-p', String(port), '-k', dir, '-h', socketOnly ? '' : '127.0.0.1',
    // Throwaway data: durability off for speed (unless asked for); enough connections for races
    // across instances.
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    '-c', 'max_connections=300', '-c', 'shared_buffers=128MB',
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const urlOf = (database: string) =>
    socketOnly
      ? `postgres://postgres@/${database}?host=${encodeURIComponent(dir)}&port=${port}`
      : `postgres://postgres@127.0.0.1:${port}/${database}`;
  const url = urlOf('postgres');

  let child: ChildProcess | undefined;
  async function startServer() {
    // Its own process group: `runuser` does not pass signals on, so stopServer() signals the group.
    const started: ChildProcess = spawn(run.command, run.args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    child = started;
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`PostgreSQL exited during start-up:\n${stderr}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not start in 30 s:\n${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  async function stopServer() {
    const running = child;
    if (!running) return;
    child = undefined;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-running.pid!, signal);
      } catch {
        // Already gone.
      }
    };
    if (running.exitCode === null) {
      const exited = new Promise((r) => running.once('exit', r));
      signalGroup('SIGINT'); // PostgreSQL's fast shutdown
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (running.exitCode === null) signalGroup('SIGKILL');
    }
    running.stderr?.destroy();
  }

  /** The postmaster (postmaster.pid's first line) and its children: the backends and helpers. */
  function signalCluster(signal: NodeJS.Signals) {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)]).toString().split(/\s+/).filter(Boolean).map(Number);
    for (const pid of [postmaster, ...children]) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone meanwhile.
      }
    }
  }

  await startServer();

  let counter = 0;
  return {
    url,
    port,
    async createDatabase(name = `test_${process.pid}_${Date.now()}_${counter++}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    stopServer,
    startServer,
    freeze: () => signalCluster('SIGSTOP'),
    thaw: () => signalCluster('SIGCONT'),
    async stop() {
      if (child) signalCluster('SIGCONT');
      await stopServer();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
