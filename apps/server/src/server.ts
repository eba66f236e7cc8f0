/** The only file that listens. Starts the app and shuts it down gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnreachableError } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { PRIVATE_UMASK } from './db/data-dir-permissions.ts';
import { startWatchdog } from './lib/watchdog.ts';
import { flushLog, flushLogSync } from './lib/log-destination.ts';
import { isClusterPrimary, runCluster } from './server-cluster.ts';

/** How long the onClose hooks (workers, database, lock) may take after the grace period. */
const SHUTDOWN_HOOKS_SECONDS = 10;

async function main() {
  const startedAt = performance.now();
  // Everything this process writes (the embedded database, the generated auth secret) is its
  // own: no other local user may read or change it. Uploaded images live in the database.
  process.umask(PRIVATE_UMASK);
  // The log is written asynchronously, in blocks (lib/log-destination.ts): whichever way the
  // process ends through process.exit (a clean shutdown, a forced one, a fatal error), the lines
  // still gathered are written first.
  process.on('exit', flushLogSync);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // WEB_CONCURRENCY=N: this process starts N servers on its port and serves nothing itself.
  if (isClusterPrimary(config.webConcurrency)) {
    runCluster({ workers: config.webConcurrency, logLevel: config.logLevel });
    return;
  }

  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // An operator's mistake found while starting (ADMIN_EMAIL naming a patient's account, say):
    // the message says what to do; a stack trace would only hide it.
    if (error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof DatabaseUnreachableError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // SIGTERM: stop accepting, let requests in flight finish within SHUTDOWN_GRACE_SECONDS (later
  // arrivals get 503: plugins/drain.ts), cut the connections still busy after it, then stop the
  // workers, close the database and release DATA_DIR (the app's onClose hooks), and exit 0.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const began = performance.now();
    const graceSeconds = config.shutdownGraceSeconds;
    const inFlight = app.drain.inFlight();
    app.drain.begin();
    app.log.info({ signal, inFlight, graceSeconds }, `shutting down: no new connections; finishing ${inFlight} request(s) in flight`);
    let cutOff = 0;
    const grace = setTimeout(() => {
      cutOff = app.drain.inFlight();
      app.log.warn({ cutOff, graceSeconds }, `grace period over: cutting off ${cutOff} request(s) still in flight and closing every connection`);
      app.server.closeAllConnections();
    }, graceSeconds * 1000);
    // Past the grace period only the onClose hooks remain (workers, database, lock). Should one
    // hang, say so and exit non-zero, so that a supervisor knows this was no clean stop.
    const force = setTimeout(() => {
      app.log.error({ graceSeconds }, `shutdown still not finished ${SHUTDOWN_HOOKS_SECONDS} s after the grace period: exiting`);
      process.exit(1);
    }, (graceSeconds + SHUTDOWN_HOOKS_SECONDS) * 1000);
    force.unref();
    try {
      await app.close();
      clearTimeout(grace);
      app.log.info(
        {
          signal,
          inFlight,
          finished: Math.max(0, inFlight - cutOff),
          cutOff,
          refused: app.drain.refused(),
          durationMs: Math.round(performance.now() - began),
        },
        `shut down: ${cutOff > 0 ? `${cutOff} request(s) cut off at the grace period, the rest finished` : 'every request in flight finished'}` +
          (config.database.kind === 'pglite' ? '; DATA_DIR released' : ''),
      );
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Node's default backlog of 511 pending connections overflowed when 1,000 patients connected
  // at once: the kernel dropped the rest, and each retried after a second or more. The kernel
  // caps this at net.core.somaxconn (4096 on current Linux).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  // From here on, a main thread stuck for WATCHDOG_SECONDS ends the process (lib/watchdog.ts).
  if (config.watchdogSeconds > 0) startWatchdog(config.watchdogSeconds);
  if (!config.stripe) {
    app.log.warn(
      { payments: 'test' },
      'PAYMENTS ARE IN TEST MODE: no Stripe keys are set, so bookings are marked paid for test ' +
        'cards (4242 4242 4242 4242) and no money is taken. Set STRIPE_SECRET_KEY and ' +
        'STRIPE_PUBLISHABLE_KEY to take real payments.',
    );
  }
  app.log.info(
    { startupMs: Math.round(performance.now() - startedAt), database: config.database.kind },
    `Doctors Portal ready at ${config.publicUrl}`,
  );
  // Supervisors and scripts wait for that line: out now, not with the next block.
  flushLog();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
