/**
 * Opens the database the configuration names: PGlite in DATA_DIR (embedded, single process)
 * or a node-postgres pool on DATABASE_URL. Both give the same Drizzle API over one schema.
 */
import { PGlite } from '@electric-sql/pglite';
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
   * notifications may have been missed (the listening connection dropped and came back).
   */
  listen(channel: string, onPayload: (payload: string) => void, onReset: () => void): Promise<void>;
  close(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs every statement synchronously on this thread, and Node accepts at most one new
 * connection per turn of the event loop (strace: one accept4 a turn). Under load a turn held a
 * whole batch of statements, 30-45 ms, so new connections were accepted about 30 a second and
 * their first requests waited up to a second and more before the server even read them. Drizzle
 * gets a client that lets the loop turn before each statement: turns stay one statement long,
 * and waiting I/O (new connections among it) is handled between statements. Costs one turn per
 * statement, a few microseconds when idle. PGlite's own mutex still runs one statement, and
 * one transaction, at a time.
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

export async function openDatabase(database: Config['database']): Promise<Database> {
  if (database.kind === 'pglite') {
    // PGlite keeps Postgres's shared memory inside its WASM heap, which never shrinks: the
    // data directory's default shared_buffers (128MB) alone made ~120MB of the server resident.
    // 16MB holds this database's working set; more reads are served from the OS page cache.
    // startParams replaces PGlite's defaults (single-user mode flags), so extend them.
    const client = await PGlite.create(database.dir, {
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    const db = drizzlePglite({ client: yieldingBeforeStatements(client), schema }) as unknown as Db;
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
      close: () => client.close(),
    };
  }

  // pg and its Drizzle driver only when PostgreSQL is configured: not part of every start.
  const [{ default: pgModule }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pgModule.Pool({ connectionString: database.url, max: 20 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  const listeners: pg.Client[] = [];
  let closing = false;
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    async withAdvisoryLock(key, fn) {
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg({ client: connection, schema }) as unknown as Db);
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    },
    async listen(channel, onPayload, onReset) {
      // A dedicated connection: LISTEN belongs to a session, and pooled sessions come and go.
      const connect = async (): Promise<void> => {
        const client = new pgModule.Client({ connectionString: database.url });
        client.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        client.on('error', () => {
          // Reconnect below; until then notifications may be missed, so drop what they guard.
          client.end().catch(() => {});
          const index = listeners.indexOf(client);
          if (index >= 0) listeners.splice(index, 1);
          onReset();
          if (!closing) setTimeout(() => void connect().catch(() => onReset()), 1000).unref();
        });
        await client.connect();
        await client.query(`LISTEN ${pgModule.escapeIdentifier(channel)}`);
        listeners.push(client);
      };
      await connect();
    },
    async close() {
      closing = true;
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
