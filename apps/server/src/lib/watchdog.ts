/**
 * A watchdog for a main thread that stops turning. PGlite runs on the main thread; on a full disk
 * it was seen spinning for good in its WAL flush (`XLogFlush`), answering nothing, ignoring
 * SIGTERM (signal handlers run on the blocked thread) and not recovering when space was freed
 * (issue 19). No JavaScript on the main thread can notice that, so a worker thread watches a
 * heartbeat the main thread writes every second: when it has not moved for `seconds`, the worker
 * writes one log line and kills the process, so that a supervisor (systemd, Docker, Kubernetes)
 * starts it again on the database PGlite's WAL kept consistent.
 */
import { Worker } from 'node:worker_threads';

const WORKER = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const beat = new Int32Array(workerData.buffer);
const limit = workerData.seconds;
setInterval(() => {
  const now = Math.floor(Date.now() / 1000);
  const last = Atomics.load(beat, 0);
  if (now - last >= limit) {
    writeSync(1, JSON.stringify({ level: 60, time: Date.now(), pid: process.pid,
      msg: 'the main thread has not turned for ' + (now - last) + ' s (the embedded database may be stuck flushing to a full disk): ' +
        'exiting so that a supervisor restarts the server; free disk space in DATA_DIR if it is full' }) + '\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, 1000);
`;

export interface Watchdog {
  stop(): Promise<void>;
}

/** Starts watching; `seconds` of a main thread that does not turn kill the process. */
export function startWatchdog(seconds: number): Watchdog {
  const buffer = new SharedArrayBuffer(4);
  const beat = new Int32Array(buffer);
  const tick = () => Atomics.store(beat, 0, Math.floor(Date.now() / 1000));
  tick();
  const heart = setInterval(tick, 1000);
  heart.unref();
  // No inherited flags (a loader, --input-type): the worker is plain CommonJS.
  const worker = new Worker(WORKER, { eval: true, execArgv: [], workerData: { buffer, seconds } });
  worker.unref();
  return {
    async stop() {
      clearInterval(heart);
      await worker.terminate();
    },
  };
}
