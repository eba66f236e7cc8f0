/**
 * What buildApp (app.ts) decorates the Fastify instance with, for the callers outside a request:
 * tests, shutdown and the access-control matrix.
 */
import type { Database } from './db/client.ts';
import type { DiskWatch } from './modules/disk/disk-watch.ts';
import type { RouteAccess } from './modules/identity/caller.ts';
import type { JobRunner } from './modules/jobs/job-runner.ts';
import type { LinksService } from './modules/links/links.service.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { RefundsService } from './modules/payments/refunds.service.ts';
import type { ReviewsService } from './modules/reviews/reviews.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database, for the few callers outside a request (tests, shutdown). */
    database: Database;
    /** Every route registered, for the access-control matrix test. */
    routeTable: { method: string; url: string; access?: RouteAccess }[];
    /** Queues refunds (their `refund.issue` jobs issue them). */
    refunds: RefundsService;
    /** Background jobs and the minute ticks (tests run it by hand). */
    jobs: JobRunner;
    /** Signed links (tests make them as a mail would). */
    links: LinksService;
    /** Reviews (tests read the size of its public-page cache). */
    reviews: ReviewsService;
    /** The Prometheus metrics served at /metrics (tests read them back). */
    metrics: Metrics;
    /** Free space under DATA_DIR and BACKUP_DIR (embedded database; null on PostgreSQL). */
    diskWatch: DiskWatch | null;
  }
}
