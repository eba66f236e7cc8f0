/**
 * WEB_CONCURRENCY=N (PostgreSQL only, config.ts): N server processes on one port in one
 * `npm start`, since one Node thread is the ceiling of each. node:cluster's primary holds the
 * listening socket and hands each new connection to the next worker in turn; every worker is
 * the whole server (server.ts), as a second instance on another machine would be, so what
 * already holds across instances holds here: the rate limits and the locks are in the database,
 * jobs are claimed there exactly once, caches follow each other through LISTEN/NOTIFY, the admin
 * bootstrap and the migrations take an advisory lock.
 *
 * The primary serves nothing itself. It passes SIGTERM and SIGINT on (each worker drains as a
 * single server does) and exits once they all have: 0 when each stopped cleanly. A worker that
 * fails while starting (a database out of reach, a bad setting) stops the rest and the primary
 * exits non-zero, as a single server would, rather than restarting it in a loop; one that dies
 * once serving (the watchdog, a fatal error) is replaced, at most RESTARTS_PER_MINUTE a minute.
 */
import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
// Its lines gathered at exit are written by server.ts's `exit` handler, set before it starts this.
import { logDestination } from './lib/log-destination.ts';

/** More replacements than this within a minute: something is wrong that a restart will not fix. */
const RESTARTS_PER_MINUTE = 5;

export function runCluster(options: { workers: number; logLevel: string }): void {
  const log = pino({ level: options.logLevel, base: { pid: process.pid, role: 'primary' } }, logDestination());
  const serving = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;

  let stopSignal: NodeJS.Signals | undefined;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    stopSignal ??= signal;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      serving.add(worker);
      if (serving.size === options.workers && !stopping) log.info({ workers: options.workers }, `${options.workers} server processes ready on one port`);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const wasServing = serving.delete(worker);
    if (stopping) {
      // A process still starting has no handler yet, and the signal itself ends it: no failure.
      if ((code !== null && code !== 0) || (signal && signal !== stopSignal)) exitCode ||= 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info({ exitCode }, exitCode ? 'every server process has stopped, not all of them cleanly' : 'every server process has stopped');
        process.exit(exitCode);
      }
      return;
    }
    if (!wasServing) {
      // It never answered: what stopped it would stop a replacement too (its message is above).
      log.error({ worker: worker.process.pid, code, signal }, 'a server process failed while starting: stopping the others');
      exitCode = code || 1;
      stopAll('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > RESTARTS_PER_MINUTE) {
      log.error({ restarts: restarts.length }, `server processes died ${restarts.length} times within a minute: stopping`);
      exitCode = 1;
      stopAll('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, 'a server process died: starting another');
    fork();
  });

  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
  for (let i = 0; i < options.workers; i++) fork();
}

/** Whether this process is the primary of WEB_CONCURRENCY's processes (and serves nothing). */
export const isClusterPrimary = (workers: number) => workers > 1 && cluster.isPrimary;
