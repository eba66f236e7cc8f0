/**
 * The owner's reports on years of data (practice-loop.md section 8): with 1,000,000 bookings over
 * three years (apps/server/src/test/report-history.ts: 60 doctors, their payments, refunds,
 * waitlist offers and recalls), one year's GET /api/admin/reports/summary answers in at most
 * 500 ms on PostgreSQL and 2 s on PGlite, on the server as `npm start` runs it (bench/server.ts),
 * asked by an admin over HTTP. The data is written while no server runs (PGlite allows one
 * process), then the server starts on it. Prints the median and the slowest of the timed asks
 * (after two untimed, which fill the caches of a cold start: the database's buffers, V8's
 * compiled code), with and without a doctor filter.
 *
 * `BENCH_REPORT_BOOKINGS` writes another number of bookings (the writing takes about three
 * minutes on PGlite for the million).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { insertSignedInPatients } from '../apps/server/src/test/patients.ts';
import { insertReportHistory } from '../apps/server/src/test/report-history.ts';
import { startThrowawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';
import { startWarm, type BenchServer } from './server.ts';

const BOOKINGS = Number(process.env.BENCH_REPORT_BOOKINGS ?? 1_000_000);
const ASKS = 7;
const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const rows: string[] = [];

/** Writes the history and an admin who asks; answers the admin's bearer token and a doctor's id. */
async function seed(db: Db, authSecret: string) {
  const startedAt = performance.now();
  const { doctorIds } = await insertReportHistory(db, { count: BOOKINGS, days: 1095, until: today });
  const [owner] = await insertSignedInPatients(db, authSecret, 1, 'owner');
  await db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${owner!.id}`);
  return { token: owner!.token, doctorId: doctorIds[0]!, seedSeconds: (performance.now() - startedAt) / 1000 };
}

async function timeSummary(server: BenchServer, token: string, query: string) {
  const ask = async () => {
    const startedAt = performance.now();
    const res = await fetch(`${server.base}/api/admin/reports/summary?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { bookings?: Record<string, number> };
    if (res.status !== 200) throw new Error(`summary answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - startedAt, count: Object.values(body.bookings!).reduce((a, b) => a + b, 0) };
  };
  const first = await ask();
  await ask();
  const times: number[] = [];
  for (let i = 0; i < ASKS; i++) times.push((await ask()).ms);
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(ASKS / 2)]!, max: times[ASKS - 1]!, first: first.ms, bookings: first.count };
}

async function measure(label: string, goalMs: number, server: BenchServer, seeded: { token: string; doctorId: string; seedSeconds: number }) {
  const year = `from=${yearAgo}&to=${today}`;
  const all = await timeSummary(server, seeded.token, year);
  const one = await timeSummary(server, seeded.token, `${year}&doctorId=${seeded.doctorId}`);
  const verdict = (ms: number) => (ms <= goalMs ? 'ok' : 'OVER');
  rows.push(
    `${label}: ${BOOKINGS.toLocaleString('en')} bookings written in ${seeded.seedSeconds.toFixed(0)} s; one year (${all.bookings.toLocaleString('en')} bookings): ` +
      `median ${all.median.toFixed(0)} ms, slowest ${all.max.toFixed(0)} ms, first ${all.first.toFixed(0)} ms (goal <= ${goalMs} ms: ${verdict(all.max)}); ` +
      `one doctor: median ${one.median.toFixed(0)} ms, slowest ${one.max.toFixed(0)} ms (${verdict(one.max)})`,
  );
  console.log(rows[rows.length - 1]);
}

{
  let seeded = { token: '', doctorId: '', seedSeconds: 0 };
  const server = await startWarm({}, async (dataDir) => {
    const database = await openDatabase({ kind: 'pglite', dir: `${dataDir}/pglite` }, { statementTimeoutSeconds: 1200 });
    seeded = await seed(database.db, readFileSync(`${dataDir}/auth-secret`, 'utf8').trim());
    await database.close();
  });
  await measure('PGlite', 2000, server, seeded);
  await server.stop();
}
{
  const postgres = await startThrowawayPostgres();
  const url = await postgres.createDatabase('reports');
  const env = { DATABASE_URL: url, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01' };
  let seeded = { token: '', doctorId: '', seedSeconds: 0 };
  const server = await startWarm(env, async () => {
    // A bulk load: statements of many seconds, which the server's 30 s limit is not for.
    const database = await openDatabase({ kind: 'postgres', url }, { statementTimeoutSeconds: 1200 });
    seeded = await seed(database.db, env.AUTH_SECRET);
    await database.close();
  });
  await measure('PostgreSQL', 500, server, seeded);
  await server.stop();
  await postgres.stop();
}

console.log(`\nGET /api/admin/reports/summary, one year of three (${ASKS} timed asks after two untimed), ${new Date().toISOString()}:`);
for (const row of rows) console.log(row);
export {};
