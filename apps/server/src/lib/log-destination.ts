/**
 * Where the server's log goes: standard output, written asynchronously and in blocks. A
 * synchronous write per line (pino's default) costs a system call on the event loop for every
 * request the log records; here lines gather in memory and go out together, once 15 KiB have
 * gathered or a second has passed, whichever comes first (figures: docs/benchmarks.md, "The
 * request log"). The price: a line may reach the log up to a second late, and the lines still
 * in memory when the process ends must be written before it does. `flushLogSync` writes them
 * (server.ts calls it on every exit through process.exit; pino does too), and `flushLog` sends
 * them at once after a line someone waits for (the ready line). A process killed outright
 * (SIGKILL, the watchdog's kill) loses the last second's lines.
 */
import pino from 'pino';

type Destination = ReturnType<typeof pino.destination>;

/**
 * Lines are written once this many bytes have gathered (about 40 request lines; each write costs
 * the event loop the same whatever its size: 4 KiB blocks were 5% of the busiest read's CPU
 * time, issue 37; sonic-boom's writes are at most 16 KiB)...
 */
const BLOCK_BYTES = 15 * 1024;
/** ...or this long after the last write, whichever comes first. */
const MAX_DELAY_MS = 1000;

let destination: Destination | undefined;

/** The process's one asynchronous stdout destination, made on first use. */
export function logDestination(): Destination {
  destination ??= pino.destination({ dest: 1, sync: false, minLength: BLOCK_BYTES, periodicFlush: MAX_DELAY_MS });
  return destination;
}

/** Starts writing the gathered lines now, without waiting for a full block. */
export function flushLog(): void {
  try {
    destination?.flush();
  } catch {
    // Already closed: nothing gathered could still be written.
  }
}

/** Writes every gathered line now, synchronously (at exit); safe when nothing was logged. */
export function flushLogSync(): void {
  try {
    destination?.flushSync();
  } catch {
    // Not open yet, or already closed: nothing gathered could still be written.
  }
}
