/**
 * Whether an error means the database cannot serve just now (down, restarting, frozen, out of
 * connections, out of disk) rather than a fault in the request or in our code: such a request is
 * answered 503 with Retry-After, and the client may simply try again.
 */

/** Node's socket errors when PostgreSQL is not there or the connection broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOSPC']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (the server shutting down, crashed,
 * or not accepting connections yet), 57014 (a statement cancelled: our statement_timeout),
 * 53xxx (insufficient resources: disk full, out of memory, too many connections), 58030 (I/O
 * error).
 */
const isUnavailableState = (code: string) => /^08/.test(code) || /^57P0[123]$/.test(code) || code === '57014' || /^53/.test(code) || code === '58030';

/** pg's own messages for a pool or connection that cannot serve (they carry no code). */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout$/,
  /Client has encountered a connection error/,
  /^Connection ended unexpectedly$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error: look down the cause chain (a few levels at most).
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message, syscall } = current as { code?: unknown; message?: unknown; syscall?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableState(code))) return true;
    // Any failure to connect (a Unix socket that is gone answers ENOENT).
    if (syscall === 'connect') return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
