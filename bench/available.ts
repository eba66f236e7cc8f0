/**
 * The cost of our stack on the busiest read: GET /api/available against a bare Fastify route
 * returning the same JSON bytes in a process of its own (bench/bare-server.ts; until 2026-11-29 it
 * ran inside this load generator's process, which flattered the ratio), measured in the same run
 * (autocannon, 50 connections, 10 s, no pipelining), on PGlite and on PostgreSQL, on the server as shipped (bench/server.ts: `npm
 * start`'s command, `.env.example`'s settings, the log at info, one line per request). Prints
 * each figure next to its goal, then the same ratios with the log at error, as a second line.
 * Run: npm run bench.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { insertSignedInPatients } from '../apps/server/src/test/patients.ts';
import { freePort, startThrowawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';
import { configureClinic } from './clinic-setup.ts';
import { planFreeSlots } from './slot-plan.ts';
import { startBareServer } from './bare-server.ts';
import { startServer, startWarm, type BenchServer } from './server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

type Result = { rps: number; p99: number; errors: number; non2xx: number; answered: number };

async function load(url: string): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    answered: result.requests.total,
  };
}

/** Resident memory of a process, from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Booking under load: 50 connections of patients booking distinct free slots (bench/slot-plan.ts:
 * a doctor, day and time no other request names, so that every one can succeed), after a warm-up
 * of 500. 250 signed-in patients book 10 each, none two on one day: as a real patient may
 * (MAX_ACTIVE_BOOKINGS and the per-account request limit, at their defaults, refuse more). The
 * patients are written to the database before the timed start (test/patients.ts), as signed in:
 * signing 250 up through the API from one address would meet the sign-up limit.
 */
const PATIENTS = 250;
const WARM_UP = 500;
const BOOKINGS = 2000;
async function signedInPatients(db: Db, authSecret: string): Promise<string[]> {
  return (await insertSignedInPatients(db, authSecret, PATIENTS, 'bench')).map((p) => p.token);
}
async function bookingLoad(base: string, tokens: string[]) {
  const plan = await planFreeSlots(base, tokens[0]!, WARM_UP + BOOKINGS, PATIENTS);
  let k = 0;
  const bookings = (amount: number) =>
    autocannon({
      url: `${base}/api/booking`,
      connections: 50,
      amount,
      requests: [
        {
          method: 'POST',
          setupRequest(request) {
            const s = plan[k++]!;
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[s.patient]}` },
              body: JSON.stringify({ treatmentId: s.treatmentId, doctorId: s.doctorId, date: s.date, slot: s.slot }),
            };
          },
        },
      ],
    });
  // A warm-up first, as /available gets one: its p99 is compared with a warmed route's. (The
  // plan goes on from where the warm-up stopped, so every request still names its own slot.)
  await bookings(WARM_UP);
  const result = await bookings(BOOKINGS);
  const statuses = result.statusCodeStats as Record<string, { count: number }>;
  return {
    count: BOOKINGS,
    p99: result.latency.p99,
    created: statuses['201']?.count ?? 0,
    statuses: JSON.stringify(Object.fromEntries(Object.entries(statuses).map(([code, v]) => [code, v.count]))),
    errors: result.errors + Object.entries(statuses).filter(([code]) => Number(code) >= 500).reduce((s, [, v]) => s + v.count, 0),
  };
}

const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const rows: string[] = [];
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** /available against the bare route returning its bytes, each warmed up first: the two ratios. */
async function ratios(server: BenchServer) {
  const url = `${server.base}/api/available?date=${date}`;
  const body = await (await fetch(url)).text();
  // The bare route in a process of its own, as the product is (bench/bare-server.ts).
  const bare = await startBareServer(body, await freePort());
  await load(bare.url); // warm-up, both sides
  await load(url);
  const baseline = await load(bare.url);
  const linesBefore = server.logLines().length;
  const available = await load(url);
  await new Promise((r) => setTimeout(r, 500)); // the log is written asynchronously
  const logged = server.logLines().length - linesBefore;
  await bare.close();
  return { available, baseline, logged, throughput: available.rps / baseline.rps, latency: available.p99 / Math.max(baseline.p99, 1) };
}

async function compare(label: string, server: BenchServer, tokens: string[], restart: (env: Record<string, string>) => Promise<BenchServer>) {
  rows.push(`${label}: start-up with an existing database ${server.startupMs.toFixed(0)} ms to healthy, process launch included (goal <= 2000: ${verdict(server.startupMs <= 2000)})`);
  const { available, baseline, logged, throughput, latency } = await ratios(server);
  const booking = await bookingLoad(server.base, tokens);
  const bookingRatio = booking.p99 / Math.max(available.p99, 1);
  rows.push(
    `  /available ${available.rps.toFixed(0)} req/s, p99 ${available.p99} ms; bare ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99} ms; ${logged} log lines for its ${available.answered} answers (LOG_LEVEL=info, as shipped)`,
    // Issue 37's goals, against a baseline that runs as the product does (its own process).
    `  throughput ratio ${throughput.toFixed(2)} (goal >= 0.65: ${verdict(throughput >= 0.65)}); p99 ratio ${latency.toFixed(2)} (goal <= 2: ${verdict(latency <= 2)}); errors ${available.errors + available.non2xx}`,
  );
  rows.push(
    `  50 connections of ${PATIENTS} patients booking distinct slots: ${booking.count} requests (${booking.created} booked, statuses ${booking.statuses}, ${booking.errors} errors), p99 ${booking.p99} ms; ratio to /available's p99 ${bookingRatio.toFixed(2)} (goal <= 2: ${verdict(bookingRatio <= 2)})`,
  );
  const rss = await rssMb(server.pid);
  rows.push(`  resident memory after the load: ${rss.toFixed(0)} MB (goal <= 300: ${verdict(rss <= 300)})`);
  // The second line: the same ratios with the request log off, on the same database.
  await server.stop(true);
  const quiet = await restart({ LOG_LEVEL: 'error' });
  const off = await ratios(quiet);
  rows.push(
    `  second line, LOG_LEVEL=error (no request log): /available ${off.available.rps.toFixed(0)} req/s, p99 ${off.available.p99} ms; bare ${off.baseline.rps.toFixed(0)} req/s, p99 ${off.baseline.p99} ms; throughput ratio ${off.throughput.toFixed(2)}, p99 ratio ${off.latency.toFixed(2)}`,
  );
  await quiet.stop();
}

// Measured on a clinic with a real schedule (bench/clinic-setup.ts) and signed-in patients,
// written between the first start (which creates the database) and the timed one.
let pgliteTokens: string[] = [];
const pglite = await startWarm({}, async (dataDir) => {
  const database = await openDatabase({ kind: 'pglite', dir: `${dataDir}/pglite` });
  await configureClinic(database.db);
  pgliteTokens = await signedInPatients(database.db, readFileSync(`${dataDir}/auth-secret`, 'utf8').trim());
  await database.close();
});
await compare('PGlite', pglite, pgliteTokens, (env) => startServer(env, pglite.dataDir));

const postgres = await startThrowawayPostgres();
const pgUrl = await postgres.createDatabase('bench');
const pgEnv = { DATABASE_URL: pgUrl, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01' };
let pgTokens: string[] = [];
const pgServer = await startWarm(pgEnv, async () => {
  const database = await openDatabase({ kind: 'postgres', url: pgUrl });
  await configureClinic(database.db);
  pgTokens = await signedInPatients(database.db, pgEnv.AUTH_SECRET);
  await database.close();
});
await compare('PostgreSQL', pgServer, pgTokens, (env) => startServer({ ...pgEnv, ...env }, pgServer.dataDir));
await postgres.stop();

console.log(`\nGET /api/available vs a bare Fastify route (${CONNECTIONS} connections, ${DURATION} s, no pipelining; 4 doctors, 6 treatments, a week of hours), ${new Date().toISOString()}:`);
for (const row of rows) console.log(row);
