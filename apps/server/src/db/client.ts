/**
 * Opens the database the configuration names: PGlite in DATA_DIR (embedded, single process)
 * or a node-postgres pool on DATABASE_URL. Both give the same Drizzle API over one schema.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `fn` on one connection holding a session-level advisory lock. */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (from any instance). `onReset` runs when
   * notifications may have been missed: when the listening connection drops, and again once it
   * is listening again. Rejects if the first LISTEN fails; later losses are retried until close.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReset: () => void): Promise<void>;
  /**
   * The embedded database only: a copy of PGlite's data directory as it stands between two
   * transactions (see the PGlite branch of openDatabase). Absent on PostgreSQL (pg_dump's job).
   */
  snapshotDataDir?: () => Promise<DataDirSnapshot>;
  /** Whether every LISTEN is connected now (readiness); PGlite's, in this process, until close. */
  isListening(): boolean;
  /** The PostgreSQL pool's connections and waiting queries (metrics); null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs every statement synchronously on this thread, and Node accepts at most one new
 * connection per turn of the event loop (strace: one accept4 a turn). Under load a turn held a
 * whole batch of statements, so new connections were accepted slowly and their first requests
 * waited long before the server even read them (figures: docs/benchmarks.md, "PGlite turns the
 * loop before each statement"). Drizzle gets a client that lets the loop turn before each
 * statement: turns stay one statement long, and waiting I/O (new connections among it) is
 * handled between statements. Costs one turn per statement. PGlite's own mutex still runs one
 * statement, and one transaction, at a time. A fast path: FAST_PATHS=off leaves it out.
 */
function yieldingBeforeStatements(client: PGlite): PGlite {
  const yielding = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (property === 'query') {
          return async (...args: unknown[]) => {
            await nextTurn();
            return (value as (...a: unknown[]) => unknown).apply(object, args);
          };
        }
        if (property === 'transaction') {
          return (callback: (tx: object) => unknown) =>
            (value as (cb: (tx: object) => unknown) => unknown).call(object, (tx: object) => callback(yielding(tx)));
        }
        // PGlite keeps private fields: its methods must run on the client itself, not the proxy.
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
      },
    });
  return yielding(client);
}

/** PGlite's data directory as one uncompressed tar, and which of its WAL segments matter. */
export interface DataDirSnapshot {
  tar: Blob;
  /**
   * The write-ahead log segments (file names in pg_wal) from the last checkpoint's to the one
   * being written: recovery reads no other. The rest are old segments PostgreSQL keeps for reuse.
   */
  walSegments: { first: string; last: string };
}

export interface OpenOptions {
  /** PGlite: let the event loop turn before each statement (FAST_PATHS; see yieldingBeforeStatements). */
  yieldBeforeStatements?: boolean;
  /** PostgreSQL: how long to keep trying the first connection before giving up (DATABASE_CONNECT_RETRY_SECONDS). */
  connectRetrySeconds?: number;
  /** Told of each failed first connection, before the next try. */
  onRetry?: (message: string) => void;
  /** PostgreSQL: the longest a statement may run, and (plus 5 s) an answer may take (DATABASE_TIMEOUT_SECONDS). */
  statementTimeoutSeconds?: number;
  /**
   * PGlite in memory: start from this data directory (a `dumpDataDir` tar) instead of running
   * initdb, which costs seconds; the test suites open a migrated copy per app.
   */
  pgliteTemplate?: Blob;
}

const CONNECT_TIMEOUT_MS = 5_000;

/** PostgreSQL could not be reached at start-up within the time allowed. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** Where DATABASE_URL points, without its credentials, for messages. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The first connection, retried for `retrySeconds` (PostgreSQL may still be starting beside this
 * instance, say under a supervisor), each failure reported through `onRetry`; then a message that
 * names DATABASE_URL rather than a stack trace.
 */
async function firstConnection(pool: pg.Pool, url: string, retrySeconds: number, onRetry: (message: string) => void) {
  const deadline = Date.now() + retrySeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('SELECT 1');
      return;
    } catch (error) {
      const reason = error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error);
      if (Date.now() >= deadline) {
        await pool.end().catch(() => {});
        throw new DatabaseUnreachableError(
          `PostgreSQL at ${hostOf(url)} (DATABASE_URL) could not be reached for ${retrySeconds} s (${reason}). ` +
            'Check that it is running and that DATABASE_URL is right; DATABASE_CONNECT_RETRY_SECONDS sets how long to wait.',
        );
      }
      const delay = Math.min(500 * 2 ** (attempt - 1), 5_000);
      onRetry(`PostgreSQL at ${hostOf(url)} (DATABASE_URL) is not reachable (${reason}); trying again in ${delay / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export async function openDatabase(
  database: Config['database'],
  { yieldBeforeStatements = true, connectRetrySeconds = 0, onRetry = () => {}, statementTimeoutSeconds = 30, pgliteTemplate }: OpenOptions = {},
): Promise<Database> {
  if (database.kind === 'pglite') {
    // PGlite keeps Postgres's shared memory inside its WASM heap, which never shrinks: the
    // data directory's default shared_buffers (128MB) alone kept much of the server resident
    // (figures: docs/benchmarks.md, "PGlite's shared_buffers").
    // 16MB holds this database's working set; more reads are served from the OS page cache.
    // startParams replaces PGlite's defaults (single-user mode flags), so extend them.
    const client = await PGlite.create(database.dir, {
      // The bookings' exclusion constraint compares uuids and dates inside a GiST index.
      extensions: { btree_gist },
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
      ...(pgliteTemplate ? { loadDataDir: pgliteTemplate } : {}),
    });
    const db = drizzlePglite({ client: yieldBeforeStatements ? yieldingBeforeStatements(client) : client, schema }) as unknown as Db;
    // Advisory locks are re-entrant within one session, and PGlite is a single session: two
    // holders in this process would both get the lock. Queue them here as well.
    let queue: Promise<unknown> = Promise.resolve();
    return {
      kind: 'pglite',
      db,
      withAdvisoryLock(key, fn) {
        const run = queue.then(async () => {
          await client.query('SELECT pg_advisory_lock($1)', [key]);
          try {
            return await fn(db);
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key]);
          }
        });
        queue = run.catch(() => {});
        return run;
      },
      async listen(channel, onPayload) {
        await client.listen(channel, onPayload);
      },
      isListening: () => !client.closed,
      poolStats: () => null,
      // A consistent copy while bookings go on. PGlite runs one statement at a time, and
      // `transaction` holds its transaction lock from BEGIN to COMMIT: inside our own transaction
      // (which writes nothing) no other transaction is open and no other statement runs, since a
      // statement outside a transaction waits for that lock too. A CHECKPOINT first writes the
      // changed pages to their files, so the copy needs only the current WAL segment and opening
      // it replays next to nothing. dumpDataDir then reads every file of the directory in one
      // synchronous pass and returns the uncompressed tar: the lock is held for the checkpoint
      // and that copy, not for compressing it. The copy holds every transaction committed before
      // it and nothing of any later one: the files are what a kill -9 at that instant would leave,
      // and opening them runs the crash recovery PGlite runs after one.
      snapshotDataDir: () =>
        client.transaction(async (tx) => {
          await tx.exec('CHECKPOINT');
          const { rows } = await tx.query<{ first: string; last: string }>(
            'SELECT redo_wal_file AS first, pg_walfile_name(pg_current_wal_insert_lsn()) AS last FROM pg_control_checkpoint()',
          );
          return { tar: await client.dumpDataDir('none'), walSegments: rows[0]! };
        }),
      close: () => client.close(),
    };
  }

  // pg and its Drizzle driver only when PostgreSQL is configured: not part of every start.
  const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  // The pool's connectionTimeoutMillis bounds both a new connection's TCP connect and a request's
  // wait for a free connection in the pool, and a burst (1,000 patients at once on 20
  // connections) waits in that queue for seconds: the queue gets the statement's bound, while each
  // connection's own connect keeps 5 s (the Client reads its own option).
  const connectTimeoutMs = Math.min(CONNECT_TIMEOUT_MS, statementTimeoutSeconds * 1000);
  class BoundedClient extends pgModule.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pgModule.Pool({
    Client: BoundedClient,
    connectionString: database.url,
    max: 20,
    // A PostgreSQL that is down or frozen (SIGSTOP, a dead network) fails requests within bounded
    // times instead of hanging them: a connection that does not open in 5 s, a statement the
    // server has not finished in DATABASE_TIMEOUT_SECONDS (30; server side), or an answer that
    // does not arrive 5 s after that (client side, for a server that cannot even cancel). The
    // error handler answers such failures with 503 and Retry-After.
    connectionTimeoutMillis: statementTimeoutSeconds * 1000,
    statement_timeout: statementTimeoutSeconds * 1000,
    query_timeout: statementTimeoutSeconds * 1000 + 5_000,
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one that is checked out (in a transaction, between two statements) when PostgreSQL ends
  // its connection: pg emits that as an 'error' event with no listener, which ended the process
  // when PostgreSQL restarted under load. Its next statement fails instead (a 503), and the pool
  // drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  await firstConnection(pool, database.url, connectRetrySeconds, onRetry);
  const listeners: PostgresListener[] = [];
  let isPoolClosed = false;
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    async withAdvisoryLock(key, fn) {
      const connection = await pool.connect();
      try {
        // Waiting for another instance's migrations, and running them, may take longer than a
        // request's statement may: no timeout on this session while it holds the lock.
        await connection.query('SET statement_timeout = 0');
        await connection.query({ text: 'SELECT pg_advisory_lock($1)', values: [key], query_timeout: 0 } as pg.QueryConfig);
        try {
          return await fn(drizzlePg({ client: connection, schema }) as unknown as Db);
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [key]);
          await connection.query('RESET statement_timeout');
        }
      } finally {
        connection.release();
      }
    },
    async listen(channel, onPayload, onReset) {
      const listener = createPostgresListener(pgModule, database.url, channel, onPayload, onReset);
      listeners.push(listener);
      try {
        await listener.start();
      } catch (error) {
        const index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
        await listener.close();
        throw error;
      }
    },
    isListening: () => !isPoolClosed && listeners.every((listener) => listener.isListening()),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      isPoolClosed = true;
      await Promise.all(listeners.splice(0).map((listener) => listener.close()));
      await pool.end();
    },
  };
}

const RECONNECT_FIRST_DELAY_MS = 100;
const RECONNECT_MAX_DELAY_MS = 5_000;

interface PostgresListener {
  /** Connects and LISTENs once; rejects if that fails, and then tries no more. */
  start(): Promise<void>;
  /** Whether the connection is up and LISTENing (not lost, not reconnecting, not closed). */
  isListening(): boolean;
  /** Stops reconnecting and ends the connection. */
  close(): Promise<void>;
}

/**
 * LISTEN on a dedicated connection: LISTEN belongs to a session, and pooled sessions come and go.
 *
 * Once listening, the connection is kept for as long as the database is open. When it is lost
 * (an error, or the server ending it cleanly), reconnecting goes on until it succeeds: pg 8
 * reports a failed reconnect only as the rejection of `connect()`, with no 'error' event, so a
 * single retry would give up for good on any outage longer than its delay, and this instance's
 * cache would never hear of another change. Waits double up to a cap, so a long outage costs
 * little; a random part of each wait keeps instances that lost PostgreSQL together from
 * reconnecting in step.
 *
 * `onReset` runs when the connection is lost, and again once the new one is LISTENing: what was
 * cached during the outage may have missed its notification, since nobody was listening.
 */
function createPostgresListener(
  pgModule: typeof pg,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReset: () => void,
): PostgresListener {
  let listening: pg.Client | undefined;
  let opening: pg.Client | undefined;
  let isReconnecting = false;
  let isClosed = false;
  let wait: { timer: NodeJS.Timeout; resolve: () => void } | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wait = undefined;
        resolve();
      }, ms);
      timer.unref();
      wait = { timer, resolve };
    });

  /** Connects and LISTENs; on success the client, still connected, is the `listening` one. */
  async function open(): Promise<void> {
    const client = new pgModule.Client({
      connectionString: url,
      // Names the session in pg_stat_activity.
      application_name: `listen ${channel}`,
      // A network that silently drops the connection raises no 'error' for a long time: TCP
      // keepalive notices it, and a connect that hangs fails and is retried.
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    opening = client;
    let isDown = false;
    const down = () => {
      if (isDown) return;
      isDown = true;
      // Until LISTEN has returned, a failure rejects connect() or query() below instead.
      lost(client);
    };
    // Without an 'error' listener an error would be thrown; 'end' covers the server closing the
    // connection cleanly, which emits no error.
    client.on('error', down);
    client.on('end', down);
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pgModule.escapeIdentifier(channel)}`);
      if (isDown) throw new Error(`The connection listening on ${channel} closed as it opened`);
      if (isClosed) throw new Error('The database is closed');
    } catch (error) {
      isDown = true;
      client.end().catch(() => {});
      throw error;
    } finally {
      if (opening === client) opening = undefined;
    }
    listening = client;
  }

  function lost(client: pg.Client) {
    if (client !== listening || isClosed) return;
    listening = undefined;
    client.end().catch(() => {});
    onReset();
    void reconnect();
  }

  async function reconnect() {
    if (isReconnecting) return;
    isReconnecting = true;
    try {
      for (let attempt = 0; !isClosed && !listening; attempt++) {
        const delay = Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** attempt, RECONNECT_MAX_DELAY_MS);
        await sleep(delay * (1 - Math.random() * 0.2));
        if (isClosed) return;
        try {
          await open();
        } catch {
          continue;
        }
        onReset();
      }
    } finally {
      isReconnecting = false;
    }
  }

  return {
    start: open,
    isListening: () => listening !== undefined,
    async close() {
      isClosed = true;
      if (wait) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      // A connection still opening is ended without waiting: pg may never settle its connect().
      opening?.end().catch(() => {});
      const client = listening;
      listening = undefined;
      await client?.end().catch(() => {});
    },
  };
}
