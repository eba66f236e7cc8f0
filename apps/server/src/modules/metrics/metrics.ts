/**
 * What an operator watches, in Prometheus's text format through prom-client: requests per route
 * and status with their latency, the bookings made, refused and cancelled, the mail outbox and the
 * job queue, the database pool, and the process (memory, event-loop lag, garbage collection).
 *
 * A request costs one histogram observation (its count is the request count). Queue depths and
 * pool usage are read when Prometheus scrapes, never on a request's path.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { BookingEvents } from '../booking/booking.service.ts';
import type { DiskWatch } from '../disk/disk-watch.ts';
import { MB } from '../disk/disk-rules.ts';

/** Latency buckets in seconds: most answers take milliseconds; a few wait on the database. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The statuses a queue's rows wait or fail in; delivered and finished rows are history, not depth. */
const OUTBOX_STATUSES = ['pending', 'sending', 'failed'] as const;
const JOB_STATUSES = ['pending', 'running', 'failed'] as const;

/**
 * The process's own metrics are the process's, whichever app asks: collected once (each
 * collection starts an event-loop monitor and a GC observer that cannot be stopped), and merged
 * into every app's answer.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface Metrics {
  /** Records one answered request (an onResponse hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  /** Records one request answered without Fastify (plugins/front-door.ts). */
  observeRoute(method: string, route: string, status: number, seconds: number): void;
  bookings: BookingEvents;
  /** The whole exposition, queue depths and pool read now. */
  render(): Promise<string>;
  contentType: string;
  /** The app's own metrics (tests read values back from it). */
  registry: Registry;
}

/** The file systems the disk watch reads, and the states each may be in. */
const DISK_STATES = ['ok', 'low', 'full'] as const;

export function createMetrics({ database, log, disk = null }: { database: Database; log: FastifyBaseLogger; disk?: Pick<DiskWatch, 'current'> | null }): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status; _count is the number of requests.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const made = new Counter({
    name: 'clinic_bookings_made_total',
    help: 'Bookings made, by how (online by the patient, by the front desk, from a waitlist offer).',
    labelNames: ['via'] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'clinic_bookings_refused_total',
    help: 'Booking requests refused: the time or the patient\'s day taken (conflict), the cap of upcoming bookings (limit), the per-account request limit (rate_limited).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const cancelled = new Counter({
    name: 'clinic_bookings_cancelled_total',
    help: 'Bookings cancelled, by whom (the patient, an admin, the clinic\'s schedule, an account deletion).',
    labelNames: ['by'] as const,
    registers: [registry],
  });

  /** Rows per status of a queue table, or nothing when the database cannot be read. */
  const queueGauge = (name: string, help: string, table: 'outbox' | 'jobs', statuses: readonly string[]) =>
    new Gauge({
      name,
      help,
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const result = await database.db.execute<{ status: string; count: number }>(
            sql`SELECT status, count(*)::int AS count FROM ${sql.identifier(table)} WHERE status IN ${statuses} GROUP BY status`,
          );
          const rows = (Array.isArray(result) ? result : (result as { rows: { status: string; count: number }[] }).rows);
          const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
          for (const status of statuses) this.set({ status }, counts.get(status) ?? 0);
        } catch (error) {
          // No series rather than stale ones: an alert on absent() says the database is unread.
          log.warn({ err: error, table }, 'metrics: could not count the queue');
        }
      },
    });
  queueGauge('clinic_outbox_messages', 'Mail in the outbox waiting to be sent, being sent, or given up on (failed), read at scrape.', 'outbox', OUTBOX_STATUSES);
  queueGauge('clinic_jobs', 'Background jobs waiting, running, or failed for good, read at scrape.', 'jobs', JOB_STATUSES);

  if (disk) {
    // The disk watch's last reading (every few seconds); BACKUP_DIR's series only on a file system of its own.
    const places = () => {
      const space = disk.current();
      return [{ dir: 'data', ...space }, ...(space.backup ? [{ dir: 'backup', ...space.backup }] : [])];
    };
    new Gauge({
      name: 'clinic_disk_free_bytes',
      help: 'Free space of the file system under DATA_DIR (dir="data") and BACKUP_DIR when on another one (dir="backup"), read every few seconds.',
      labelNames: ['dir'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const place of places()) this.set({ dir: place.dir }, Math.round(place.freeMb * MB));
      },
    });
    new Gauge({
      name: 'clinic_disk_state',
      help: 'Per file system, 1 for its state: ok, low (below DISK_WARN_MB) or full (below DISK_STOP_MB; under DATA_DIR, writes are refused).',
      labelNames: ['dir', 'state'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const place of places()) for (const state of DISK_STATES) this.set({ dir: place.dir, state }, place.state === state ? 1 : 0);
      },
    });
  }

  if (database.kind === 'postgres') {
    const pool = (name: string, help: string, read: (stats: NonNullable<ReturnType<Database['poolStats']>>) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const stats = database.poolStats();
          if (stats) this.set(read(stats));
        },
      });
    pool('clinic_db_pool_connections', 'Connections the PostgreSQL pool holds (busy and idle).', (s) => s.total);
    pool('clinic_db_pool_idle_connections', 'Connections of the pool waiting for work.', (s) => s.idle);
    pool('clinic_db_pool_waiting_requests', 'Queries waiting for a connection of the pool (it is at its maximum).', (s) => s.waiting);
  }

  const merged = Registry.merge([processMetrics(), registry]);
  const observeRoute: Metrics['observeRoute'] = (method, route, status, seconds) => requests.observe({ method, route, status }, seconds);
  return {
    observe(request, reply) {
      observeRoute(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    },
    observeRoute,
    bookings: {
      made: (via) => made.inc({ via }),
      refused: (reason) => refused.inc({ reason }),
      cancelled: (by, count = 1) => {
        if (count > 0) cancelled.inc({ by }, count);
      },
    },
    render: () => merged.metrics(),
    contentType: merged.contentType,
    registry,
  };
}
