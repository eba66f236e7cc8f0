import { defineConfig } from 'vitest/config';

/**
 * One vitest run, several projects: pure units, the web app in jsdom, and the server's
 * integration tests twice, on the embedded database (PGlite) and on a real PostgreSQL that
 * `apps/server/src/test/postgres-global-setup.ts` starts for the run.
 */
const integration = ['apps/server/src/**/*.int.test.ts'];
/**
 * The write path's suites, run again with every fast path off (FAST_PATHS), so that the plain
 * paths stay correct and the fast ones are proven to answer as they do: the booking writer's
 * (group commit, known holders) on both databases, where a pool's concurrency makes the plain
 * writer's races differ from PGlite's; and on PGlite the session suite, for the bearer token's
 * and the session writes' plain paths. The other suites read through the same code either way
 * (the CI run's time is budgeted).
 */
/** The booking write path's suites: the lifecycle's (cancel, reschedule, the front desk) never use the writer's shortcuts. */
const bookingWriteSuites = [
  'apps/server/src/modules/booking/booking.int.test.ts',
  'apps/server/src/modules/booking/booking.service.int.test.ts',
  'apps/server/src/modules/booking/booking-model.int.test.ts',
  // Booking for a dependent: the rules per person, the household's cap, two guardians racing.
  'apps/server/src/modules/families/families.int.test.ts',
];
const plainPathSuites = [...bookingWriteSuites, 'apps/server/src/modules/identity/identity.int.test.ts'];
/**
 * The integration projects keep a worker's modules from one file to the next (`isolate: false`):
 * each file builds its own apps and databases, and none mocks a module, so what a worker carries
 * over is the imported app (loaded once, not per file) and PGlite's migrated template. The test
 * helpers' own counts start again per file (`file-setup.ts`). Measured on api-pglite: 354 s -> 200 s.
 */

/** A web test that needs zod loaded fresh (vi.resetModules cannot reload a package in a shared worker). */
const webIsolated = 'apps/web/src/lib/zod-jitless.test.ts';

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one, so a single worker on CI's two cores; the
    // integration files mostly wait on a database (PGlite's own turns, or PostgreSQL's process),
    // so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts', webIsolated],
          exclude: [...integration, '**/*.process.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-process',
          include: ['apps/server/src/**/*.process.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // These start real servers and watch them exit, stall and recover against the clock,
          // beside every other suite on two cores. One retry (as the browser suite has) absorbs a
          // scheduling hiccup; a real fault fails both attempts. Which one failed is printed last.
          retry: 1,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [webIsolated.replace('apps/web/', '')],
          environment: 'jsdom',
          // One jsdom per worker, its modules kept from file to file: the web suite took 300 s
          // with a fresh one per file, 50 s so. Each file's DOM, mocks, timers, toasts and
          // storage are undone after each test (src/test/setup.ts), and the suite passes with
          // its files in any order (`--sequence.shuffle.files`).
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
          // Above Testing Library's wait (src/test/setup.ts), so a slow wait fails with its own message.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: integration,
          isolate: false,
          setupFiles: ['apps/server/src/test/file-setup.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pglite-plain',
          include: plainPathSuites,
          isolate: false,
          setupFiles: ['apps/server/src/test/file-setup.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite', FAST_PATHS: 'off' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres-plain',
          include: bookingWriteSuites,
          isolate: false,
          setupFiles: ['apps/server/src/test/file-setup.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres', FAST_PATHS: 'off' },
          globalSetup: ['apps/server/src/test/postgres-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: integration,
          isolate: false,
          setupFiles: ['apps/server/src/test/file-setup.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/src/test/postgres-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
