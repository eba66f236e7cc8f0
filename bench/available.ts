/**
 * The cost of our stack on the busiest read: GET /api/available against a bare Fastify route
 * returning the same JSON bytes, measured in the same run (autocannon, 50 connections, 10 s, no
 * pipelining), on PGlite and on PostgreSQL. Prints each figure next to its goal.
 * Run: npm run bench.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { freePort, startThrowawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';
import { configureClinic } from './clinic-setup.ts';
import { startWarm } from './server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

type Result = { rps: number; p99: number; errors: number; non2xx: number };

async function load(url: string): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Resident memory of a process, from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function bareBaseline(body: string) {
  const app = Fastify();
  app.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/bare`, close: () => app.close() };
}

/**
 * Booking under load: 50 connections of patients booking distinct slots, after a warm-up of
 * 500. Every request names a treatment, day and slot no other request names; tokens rotate over
 * 250 signed-up patients, so that each books 10 times in all: as a real patient may
 * (MAX_ACTIVE_BOOKINGS and the per-account request limit, at their defaults, refuse more).
 */
const PATIENTS = 250;
async function bookingLoad(base: string) {
  const tokens: string[] = [];
  for (let i = 0; i < PATIENTS; i++) {
    const email = `bench${i}-${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: `Bench ${i}`, email, password: 'bench-password' }),
    });
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const token = await fetch(`${base}/api/user/${email}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ email }),
    });
    tokens.push(((await token.json()) as { token: string }).token);
  }
  const list = (await (await fetch(`${base}/api/available?date=${date}`)).json()) as { _id: string; slots: string[] }[];
  const dayAt = (i: number) => new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10);
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
            const n = k++;
            const treatment = list[n % list.length]!;
            const rest = Math.floor(n / list.length);
            const slot = treatment.slots[Math.floor(rest / 85) % treatment.slots.length]!;
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
              body: JSON.stringify({ treatmentId: treatment._id, date: dayAt(1 + (rest % 85)), slot }),
            };
          },
        },
      ],
    });
  // A warm-up first, as /available gets one: its p99 is compared with a warmed route's. (The
  // triples go on from where the warm-up stopped, so every request still names its own.)
  await bookings(500);
  const count = 2000;
  const result = await bookings(count);
  const statuses = result.statusCodeStats as Record<string, { count: number }>;
  return {
    count,
    p99: result.latency.p99,
    created: statuses['201']?.count ?? 0,
    conflicts: statuses['409']?.count ?? 0,
    errors: result.errors + Object.entries(statuses).filter(([code]) => Number(code) >= 500).reduce((s, [, v]) => s + v.count, 0),
  };
}

const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const rows: string[] = [];
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function compare(label: string, server: { base: string; pid: number; startupMs: number }) {
  rows.push(`${label}: start-up with an existing database ${server.startupMs.toFixed(0)} ms to healthy, process launch included (goal <= 2000: ${verdict(server.startupMs <= 2000)})`);
  const url = `${server.base}/api/available?date=${date}`;
  const body = await (await fetch(url)).text();
  const bare = await bareBaseline(body);
  await load(bare.url); // warm-up, both sides
  await load(url);
  const baseline = await load(bare.url);
  const available = await load(url);
  await bare.close();
  const booking = await bookingLoad(server.base);
  const bookingRatio = booking.p99 / Math.max(available.p99, 1);
  const throughput = available.rps / baseline.rps;
  const latency = available.p99 / Math.max(baseline.p99, 1);
  rows.push(
    `  /available ${available.rps.toFixed(0)} req/s, p99 ${available.p99} ms; bare ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99} ms`,
    `  throughput ratio ${throughput.toFixed(2)} (goal >= 0.5: ${verdict(throughput >= 0.5)}); p99 ratio ${latency.toFixed(2)} (goal <= 3: ${verdict(latency <= 3)}); errors ${available.errors + available.non2xx}`,
  );
  rows.push(
    `  50 connections of ${PATIENTS} patients booking distinct slots: ${booking.count} requests (${booking.created} booked, ${booking.conflicts} conflicts, ${booking.errors} errors), p99 ${booking.p99} ms; ratio to /available's p99 ${bookingRatio.toFixed(2)} (goal <= 2: ${verdict(bookingRatio <= 2)})`,
  );
  const rss = await rssMb(server.pid);
  rows.push(`  resident memory after the load: ${rss.toFixed(0)} MB (goal <= 300: ${verdict(rss <= 300)})`);
}

// Measured on a clinic with a real schedule (bench/clinic-setup.ts), written between the first
// start (which creates the database) and the timed one.
const pglite = await startWarm({}, async (dataDir) => {
  const database = await openDatabase({ kind: 'pglite', dir: `${dataDir}/pglite` });
  await configureClinic(database.db);
  await database.close();
});
await compare('PGlite', pglite);
await pglite.stop();

const postgres = await startThrowawayPostgres();
const pgUrl = await postgres.createDatabase('bench');
const pgServer = await startWarm({ DATABASE_URL: pgUrl, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01' }, async () => {
  const database = await openDatabase({ kind: 'postgres', url: pgUrl });
  await configureClinic(database.db);
  await database.close();
});
await compare('PostgreSQL', pgServer);
await pgServer.stop();
await postgres.stop();

console.log(`\nGET /api/available vs a bare Fastify route (${CONNECTIONS} connections, ${DURATION} s, no pipelining; 4 doctors, 6 treatments, a week of hours), ${new Date().toISOString()}:`);
for (const row of rows) console.log(row);
