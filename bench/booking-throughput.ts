/**
 * Booking throughput against the database's own limit. On a throwaway PostgreSQL with its durable
 * defaults (fsync, synchronous commit: every booking waits for its commit to reach the disk), the
 * product's `POST /api/booking` on the server as `npm start` runs it (bench/server.ts: the shipped
 * settings), 20 patients at a time booking distinct free slots (a doctor, a day and a time no
 * other request names), against the same number of single-row `INSERT ... ON CONFLICT DO
 * NOTHING` into a table with the same unique key (lane, date, start), with the same concurrency
 * and a pool of the product's size (20), in one run. Goal: a ratio of at least 0.3. The same on
 * PGlite, whose limit is its own insert rate, measured the same way in-process.
 *
 * The server's CPU per booking is read from /proc over the timed run (goal: at most 0.8 ms). On
 * PostgreSQL the same bookings and `/api/available` are then measured with WEB_CONCURRENCY=2.
 *
 * On PostgreSQL it also counts what a booking costs the database: statements and round trips per
 * booking and per transaction, from pg_stat_statements over the timed run.
 * Run: npm run bench, or `node --import tsx bench/booking-throughput.ts` after `npm run build`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.ts';
import { insertSignedInPatients } from '../apps/server/src/test/patients.ts';
import { startThrowawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';
import { configureClinic } from './clinic-setup.ts';
import { planFreeSlots, type Planned } from './slot-plan.ts';
import { startWarm, type BenchServer } from './server.ts';

const CONCURRENCY = 20;
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2000);
const WARM_UP = 200;
/** Bookings per patient: under MAX_ACTIVE_BOOKINGS (10) and the per-minute request limit (30), on different days. */
const PER_PATIENT = 8;
const PATIENTS = Math.ceil((BOOKINGS + WARM_UP) / PER_PATIENT);
const AUTH_SECRET = 'bench-booking-secret-bench-booking-secret';

/** Books `slots` through the API, CONCURRENCY at a time, each by its patient. */
async function bookAll(base: string, tokens: string[], slots: Planned[]) {
  let k = 0;
  const started = performance.now();
  // autocannon notices the end of a run on its one-second tick: timed to the last answer instead.
  let lastAnswer = started;
  const result = await autocannon({
    url: `${base}/api/booking`,
    connections: CONCURRENCY,
    amount: slots.length,
    requests: [
      {
        method: 'POST',
        setupRequest(request) {
          const n = k++;
          const s = slots[n]!;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[s.patient]}`,
            },
            body: JSON.stringify({
              treatmentId: s.treatmentId,
              doctorId: s.doctorId,
              date: s.date,
              slot: s.slot,
            }),
          };
        },
        onResponse() {
          lastAnswer = performance.now();
        },
      },
    ],
  });
  const seconds = (lastAnswer - started) / 1000;
  const statuses = result.statusCodeStats as Record<string, { count: number }>;
  const created = statuses['201']?.count ?? 0;
  return {
    created,
    other: slots.length - created,
    statuses: JSON.stringify(
      Object.fromEntries(Object.entries(statuses).map(([c, v]) => [c, v.count])),
    ),
    perSecond: created / seconds,
    p99: result.latency.p99,
  };
}

/** Single-row inserts with the bookings' unique key, CONCURRENCY at a time, each its own transaction. */
async function rawInserts(db: Db, slots: Planned[], table: string) {
  await db.execute(
    sql.raw(
      `CREATE TABLE ${table} (lane_id uuid NOT NULL, date date NOT NULL, start_min smallint NOT NULL, end_min smallint NOT NULL, patient_id text NOT NULL, UNIQUE (lane_id, date, start_min))`,
    ),
  );
  let next = 0;
  let inserted = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let n = next++; n < slots.length; n = next++) {
        const s = slots[n]!;
        const result = await db.execute(
          sql`INSERT INTO ${sql.raw(table)} (lane_id, date, start_min, end_min, patient_id) VALUES (${s.doctorId}, ${s.date}, ${s.startMin}, ${s.endMin}, ${`patient-${s.patient}`}) ON CONFLICT DO NOTHING`,
        );
        inserted +=
          (result as { rowCount?: number; affectedRows?: number }).rowCount ??
          (result as { affectedRows?: number }).affectedRows ??
          0;
      }
    }),
  );
  const perSecond = slots.length / ((performance.now() - started) / 1000);
  return { perSecond, inserted };
}

async function signedInTokens(db: Db) {
  return (await insertSignedInPatients(db, AUTH_SECRET, PATIENTS, 'booker')).map((p) => p.token);
}

const rows: string[] = [];
const verdict = (ratio: number) => `goal >= 0.3: ${ratio >= 0.3 ? 'met' : 'MISSED'}`;

/** Plans, warms up, then times the bookings; the database counters are read around the timed run. */
async function measureBookings(
  server: BenchServer,
  tokens: string[],
  around?: { before(): Promise<void>; after(created: number): Promise<string[]> },
) {
  const plan = await planFreeSlots(server.base, tokens[0]!, WARM_UP + BOOKINGS, PATIENTS);
  await bookAll(server.base, tokens, plan.slice(0, WARM_UP));
  await around?.before();
  const cpuBefore = cpuMs(server.pid);
  const systemBefore = cpuMs(server.pid, 'system');
  const timed = await bookAll(server.base, tokens, plan.slice(WARM_UP));
  const cpuPerBooking = (cpuMs(server.pid) - cpuBefore) / Math.max(timed.created, 1);
  // The kernel's part (socket writes and reads, on loopback the receiver's side too).
  const systemPerBooking = (cpuMs(server.pid, 'system') - systemBefore) / Math.max(timed.created, 1);
  const counters = (await around?.after(timed.created)) ?? [];
  return { plan: plan.slice(WARM_UP), timed: { ...timed, cpuPerBooking, systemPerBooking }, counters };
}

/**
 * CPU time a server has used, all its threads, in ms (Linux: /proc, 100 ticks a second), with
 * its worker processes' when WEB_CONCURRENCY started some (they live as long as it does here);
 * with `system`, only the part spent in the kernel.
 */
function cpuMs(pid: number, part: 'all' | 'system' = 'all'): number {
  const own = (id: number) => {
    const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((part === 'all' ? Number(fields[11]) : 0) + Number(fields[12])) * 10;
  };
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return own(pid) + children.reduce((sum, child) => sum + own(child), 0);
}

/** GET /api/available a week ahead, 50 connections for 10 s: answers a second. */
async function availableRate(base: string): Promise<number> {
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const result = await autocannon({ url: `${base}/api/available?date=${date}`, connections: 50, duration: 10 });
  return result.requests.average;
}

/** The server's CPU per booking against issue 37's goal. */
const cpuVerdict = (ms: number) => `goal <= 0.8 ms: ${ms <= 0.8 ? 'met' : 'MISSED'}`;

// --- PostgreSQL 15, durable.
{
  const postgres = await startThrowawayPostgres({
    durable: true,
    settings: { shared_preload_libraries: 'pg_stat_statements' },
  });
  const url = await postgres.createDatabase('booking');
  let tokens: string[] = [];
  const server = await startWarm({ DATABASE_URL: url, AUTH_SECRET }, async () => {
    const database = await openDatabase({ kind: 'postgres', url });
    await configureClinic(database.db);
    tokens = await signedInTokens(database.db);
    await database.close();
  });
  const observer = await openDatabase({ kind: 'postgres', url });
  await observer.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
  const statements = {
    before: async () => void (await observer.db.execute(sql`SELECT pg_stat_statements_reset()`)),
    async after(created: number) {
      const result = await observer.db.execute(sql`
        SELECT s.query, s.calls::int AS calls, s.total_exec_time AS ms
        FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
        WHERE d.datname = current_database() AND s.query NOT LIKE '%pg_stat_statements%'
        ORDER BY s.calls DESC`);
      const list = (result as unknown as { rows: { query: string; calls: number; ms: number }[] })
        .rows;
      const total = list.reduce((sum, r) => sum + r.calls, 0);
      const commits = list
        .filter((r) => /^\s*commit/i.test(r.query))
        .reduce((sum, r) => sum + r.calls, 0);
      const lines = [
        `  statements (each one round trip) per booking: ${(total / created).toFixed(2)}; ${commits} transactions, ${(total / Math.max(commits, 1)).toFixed(1)} statements each, ${(created / Math.max(commits, 1)).toFixed(1)} bookings each (pg_stat_statements over the timed run)`,
      ];
      for (const r of list.slice(0, 16)) {
        lines.push(
          `    ${(r.calls / created).toFixed(3)}/booking, ${(r.ms / r.calls).toFixed(2)} ms: ${r.query.replace(/\s+/g, ' ').slice(0, 150)}`,
        );
      }
      return lines;
    },
  };
  const booked = await measureBookings(server, tokens, statements);
  const availableOne = await availableRate(server.base);
  await server.stop();
  // WEB_CONCURRENCY=2 (the machine's two cores, one of them shared with this load generator): a
  // database of its own, so that its patients' bookings start from none.
  const twoUrl = await postgres.createDatabase('booking_two');
  let twoTokens: string[] = [];
  const two = await startWarm({ DATABASE_URL: twoUrl, AUTH_SECRET, WEB_CONCURRENCY: '2' }, async () => {
    const database = await openDatabase({ kind: 'postgres', url: twoUrl });
    await configureClinic(database.db);
    twoTokens = await signedInTokens(database.db);
    await database.close();
  });
  const bookedTwo = await measureBookings(two, twoTokens);
  const availableTwo = await availableRate(two.base);
  await two.stop();
  // The limit, on the same cluster, another database, the same pool size.
  const rawDbUrl = await postgres.createDatabase('raw_inserts');
  const raw = await openDatabase({ kind: 'postgres', url: rawDbUrl });
  const before = await rawInserts(raw.db, booked.plan, 'raw_before');
  const after = await rawInserts(raw.db, booked.plan, 'raw_after');
  await raw.close();
  await observer.close();
  await postgres.stop();
  const limit = (before.perSecond + after.perSecond) / 2;
  const ratio = booked.timed.perSecond / limit;
  rows.push(
    `PostgreSQL 15 (fsync on, synchronous_commit on), ${BOOKINGS} bookings after ${WARM_UP} of warm-up, ${CONCURRENCY} at a time, pool 20:`,
    `  POST /api/booking ${booked.timed.perSecond.toFixed(0)} bookings/s (${booked.timed.created} booked, statuses ${booked.timed.statuses}, p99 ${booked.timed.p99} ms; the server's CPU ${booked.timed.cpuPerBooking.toFixed(2)} ms a booking, ${booked.timed.systemPerBooking.toFixed(2)} of it in the kernel, ${cpuVerdict(booked.timed.cpuPerBooking)})`,
    `  WEB_CONCURRENCY=2: POST /api/booking ${bookedTwo.timed.perSecond.toFixed(0)} bookings/s (${bookedTwo.timed.created} booked, statuses ${bookedTwo.timed.statuses}, p99 ${bookedTwo.timed.p99} ms; CPU ${bookedTwo.timed.cpuPerBooking.toFixed(2)} ms a booking, primary included); GET /api/available ${availableTwo.toFixed(0)} req/s against ${availableOne.toFixed(0)} with one process`,
    `  single-row INSERT ... ON CONFLICT DO NOTHING ${limit.toFixed(0)} rows/s (${before.perSecond.toFixed(0)} before the bookings, ${after.perSecond.toFixed(0)} after; ${before.inserted} and ${after.inserted} rows)`,
    `  ratio ${ratio.toFixed(2)} (${verdict(ratio)})`,
    ...booked.counters,
  );
}

// --- PGlite: the server on its embedded database, and PGlite's own insert rate in-process.
{
  let tokens: string[] = [];
  const server = await startWarm({}, async (dataDir) => {
    const database = await openDatabase({ kind: 'pglite', dir: `${dataDir}/pglite` });
    await configureClinic(database.db);
    const secret = readFileSync(`${dataDir}/auth-secret`, 'utf8').trim();
    tokens = (await insertSignedInPatients(database.db, secret, PATIENTS, 'booker')).map(
      (p) => p.token,
    );
    await database.close();
  });
  const booked = await measureBookings(server, tokens);
  await server.stop();
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-pglite-raw-'));
  const raw: Database = await openDatabase({ kind: 'pglite', dir });
  const before = await rawInserts(raw.db, booked.plan, 'raw_before');
  const after = await rawInserts(raw.db, booked.plan, 'raw_after');
  await raw.close();
  rmSync(dir, { recursive: true, force: true });
  const limit = (before.perSecond + after.perSecond) / 2;
  const ratio = booked.timed.perSecond / limit;
  rows.push(
    `PGlite, ${BOOKINGS} bookings after ${WARM_UP} of warm-up, ${CONCURRENCY} at a time:`,
    `  POST /api/booking ${booked.timed.perSecond.toFixed(0)} bookings/s (${booked.timed.created} booked, statuses ${booked.timed.statuses}, p99 ${booked.timed.p99} ms; the server's CPU ${booked.timed.cpuPerBooking.toFixed(2)} ms a booking, ${booked.timed.systemPerBooking.toFixed(2)} of it in the kernel, ${cpuVerdict(booked.timed.cpuPerBooking)})`,
    `  single-row INSERT ... ON CONFLICT DO NOTHING, in-process, the server's PGlite settings: ${limit.toFixed(0)} rows/s (${before.perSecond.toFixed(0)} and ${after.perSecond.toFixed(0)})`,
    `  ratio ${ratio.toFixed(2)} (${verdict(ratio)})`,
  );
}

console.log(
  `\nBooking throughput against the database's own insert rate, ${new Date().toISOString()}:`,
);
for (const row of rows) console.log(`  ${row}`);
