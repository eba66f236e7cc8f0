/**
 * Starts the real server for a benchmark, exactly as `npm start` runs it: the bundle with the
 * node arguments of the root package.json's `start` script (its V8 memory flags included).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/test/throwaway-postgres.ts';

const root = path.resolve(import.meta.dirname, '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
const command = /&& node (.+)$/.exec(scripts.start)?.[1];
if (!command) throw new Error(`package.json's start script is not "... && node <args>": ${scripts.start}`);

/**
 * For `spawn(process.execPath, serverArgs)`, with the bundle's path made absolute. With
 * `BENCH_PROF=<dir>`, each server writes a V8 CPU profile there when it stops (for finding where
 * a figure's time goes; profiling slows the server, so never for the figures themselves).
 */
export const serverArgs = [
  ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
  ...command.split(/\s+/).map((arg) => (arg.endsWith('.mjs') ? path.join(root, arg) : arg)),
];

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

/** Starts the server; returns when /api/health answers, with the time that took. */
export async function startServer(env: Record<string, string>, dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-'))) {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, serverArgs, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', CLINIC_TIMEZONE: 'UTC', AUTH_RATE_LIMIT_PER_IP: '100000', ...env },
    stdio: 'ignore',
  });
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
    async stop(keepData = false) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The goals are about an existing database: the first start creates it, the second is timed.
 * `between` runs while no server holds the data directory (PGlite allows one process).
 */
export async function startWarm(env: Record<string, string>, between?: (dataDir: string) => Promise<void>) {
  const first = await startServer(env);
  await first.stop(true);
  await between?.(first.dataDir);
  return startServer(env, first.dataDir);
}
