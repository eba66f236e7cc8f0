/**
 * Starts the real server for a benchmark, exactly as `npm start` runs it: the bundle with the
 * node arguments of the root package.json's `start` script (its V8 memory flags included), and
 * the configuration `.env.example` ships (`LOG_LEVEL=info` included), with the log written to a
 * file as an operator's would be. Only what must differ per run is set: the port, the address and
 * the data directory, the clinic's time zone (the bench's dates are UTC), and whatever a
 * benchmark names for a figure of its own (`env`), which it prints as a second line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/test/throwaway-postgres.ts';

const root = path.resolve(import.meta.dirname, '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
// `exec node`: npm start replaces its shell with the server (d5b0e27); so does startServer's shell.
const command = /&& (?:exec )?node (.+)$/.exec(scripts.start)?.[1];
if (!command) throw new Error(`package.json's start script is not "... && [exec] node <args>": ${scripts.start}`);

/**
 * The start script's node arguments, with the bundle's path made absolute, for a shell to expand
 * as npm's does (they depend on the environment: `${DATABASE_URL:+...}`). With
 * `BENCH_PROF=<dir>`, each server writes a V8 CPU profile there when it stops (for finding where
 * a figure's time goes; profiling slows the server, so never for the figures themselves). With
 * `BENCH_SERVER_BUNDLE=<file>`, another build of the server runs in its place, with the same
 * arguments (for measuring a change against the code before it, side by side).
 */
export const serverArgs = [
  ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
  ...command.split(/\s+/).map((arg) => (arg.endsWith('.mjs') ? path.resolve(root, process.env.BENCH_SERVER_BUNDLE ?? arg) : arg)),
];

/** A word the shell takes as it is, whatever it holds (a `'` included). */
const quoted = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * `sh -c` arguments that exec this node with `args`: the server keeps the shell's pid, as under
 * npm. The start script's `${...}` words are left for the shell to expand; paths are quoted.
 */
const throughShell = (args: readonly string[]) => ['-c', `exec ${quoted(process.execPath)} ${args.map((arg) => (arg.includes('$') ? arg : quoted(arg))).join(' ')}`];

/**
 * `.env.example`'s settings, as `cp .env.example .env` gives a clinic: every variable it sets to a
 * value (an empty one means "the default", as unset does).
 */
export const shippedEnv: Record<string, string> = Object.fromEntries(
  readFileSync(path.join(root, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null && match[2]!.trim() !== '')
    .map((match) => [match[1]!, match[2]!.trim()]),
);

/**
 * `BENCH_SERVER_ENV=NAME=value,NAME=value`: settings for every server a benchmark starts, over
 * the shipped ones (bench/fast-paths.ts uses it to turn shortcuts off); never for `npm run bench`.
 */
const benchOverrides: Record<string, string> = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

/** Starts the server; returns when /api/health answers, with the time that took. */
export async function startServer(
  env: Record<string, string>,
  dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-')),
  bundle?: string,
) {
  const port = await freePort();
  // The log goes to a file beside the data directory (not in it: backups copy that), as
  // `npm start >> clinic.log` would; its lines are counted for the benchmarks that check them.
  const logFile = `${dataDir}.log`;
  const log = openSync(logFile, 'a');
  const startedAt = performance.now();
  const args = bundle ? serverArgs.map((arg) => (arg.endsWith('.mjs') ? path.resolve(bundle) : arg)) : serverArgs;
  const child = spawn('/bin/sh', throughShell(args), {
    env: {
      ...process.env,
      ...shippedEnv,
      ...benchOverrides,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLINIC_TIMEZONE: 'UTC',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 6000; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const startupMs = performance.now() - startedAt;
  return {
    base,
    pid: child.pid!,
    dataDir,
    startupMs,
    /** Lines the server has written to its log so far (whatever the level). */
    logLines: () => readFileSync(logFile, 'utf8').split('\n').filter(Boolean),
    async stop(keepData = false) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      rmSync(logFile, { force: true });
    },
  };
}

/**
 * The goals are about an existing database: the first start creates it, the second is timed.
 * `between` runs while no server holds the data directory (PGlite allows one process).
 */
export async function startWarm(env: Record<string, string>, between?: (dataDir: string) => Promise<void>, bundle?: string) {
  const first = await startServer(env, undefined, bundle);
  await first.stop(true);
  await between?.(first.dataDir);
  return startServer(env, first.dataDir, bundle);
}
