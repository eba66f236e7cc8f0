/**
 * Whether a change costs `GET /api/available` anything: two builds of the server side by side,
 * `node --import tsx bench/compare-bundles.ts BEFORE.mjs AFTER.mjs` (bundles built by
 * `npm run build -w apps/server`, copied into apps/server/dist so they find node_modules).
 *
 * On this shared virtual machine one server process differs from the next by up to a third in
 * CPU time per request, for its whole life (the same bundle, started twice, side by side), far
 * more than the few per cent a change is judged by. So the comparison takes COMPARE_PAIRS (12)
 * pairs of processes, one of each bundle, started fresh for each pair in alternating order, on
 * PGlite with the benchmark clinic each (or COMPARE_DB=postgres: each its own database on one
 * throwaway cluster). Within a pair both run at once, warm, and take turns: COMPARE_ROUNDS (6)
 * bursts of COMPARE_REQUESTS (5,000) requests, 50 connections, to each, in alternating order. A
 * process's figure is its own CPU time per request (from /proc), the median of its bursts; the
 * result is the median over pairs of each bundle, and the median of the per-pair differences.
  */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startThrowawayPostgres } from '../apps/server/src/test/throwaway-postgres.ts';
import { configureClinic } from './clinic-setup.ts';
import { startWarm, type BenchServer } from './server.ts';

const [before, after] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: bench/compare-bundles.ts BEFORE.mjs AFTER.mjs');
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 6);
const REQUESTS = Number(process.env.COMPARE_REQUESTS ?? 5000);
const DB = process.env.COMPARE_DB ?? 'pglite';
const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** CPU time a process has used, all its threads, in ms (Linux: /proc, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const pg = DB === 'postgres' ? await startThrowawayPostgres() : undefined;
async function start(bundle: string, name: string): Promise<BenchServer> {
  if (!pg) {
    return startWarm({}, async (dataDir) => {
      const database = await openDatabase({ kind: 'pglite', dir: `${dataDir}/pglite` });
      await configureClinic(database.db);
      await database.close();
    }, bundle);
  }
  const url = await pg.createDatabase(name);
  const env = { DATABASE_URL: url, AUTH_SECRET: `compare-${name}-secret-compare-secret-0123456789` };
  return startWarm(env, async () => {
    const database = await openDatabase({ kind: 'postgres', url });
    await configureClinic(database.db);
    await database.close();
  }, bundle);
}

const PAIRS = Number(process.env.COMPARE_PAIRS ?? 12);
const perProcessUs: [number[], number[]] = [[], []];
for (let pair = 0; pair < PAIRS; pair++) {
  const startOrder: (0 | 1)[] = pair % 2 ? [1, 0] : [0, 1];
  const servers: BenchServer[] = [];
  for (const k of startOrder) servers[k] = await start([before, after][k]!, `p${pair}k${k}`);
  const bursts: [number[], number[]] = [[], []];
  async function burst(k: 0 | 1, amount: number) {
    const server = servers[k]!;
    const cpu = cpuMs(server.pid);
    const result = await autocannon({ url: `${server.base}/api/available?date=${date}`, connections: 50, amount, pipelining: 1 });
    if (result.errors || result.non2xx) throw new Error(`${[before, after][k]}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return ((cpuMs(server.pid) - cpu) / amount) * 1000;
  }
  try {
    for (const k of [0, 1] as const) await burst(k, REQUESTS * 2); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const k of round % 2 ? [1, 0] as const : [0, 1] as const) bursts[k].push(await burst(k, REQUESTS));
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  perProcessUs[0].push(median(bursts[0]));
  perProcessUs[1].push(median(bursts[1]));
  console.log(`  pair ${pair + 1}: ${perProcessUs[0].at(-1)!.toFixed(0)} and ${perProcessUs[1].at(-1)!.toFixed(0)} µs`);
}
await pg?.stop();
const differences = perProcessUs[0].map((b, i) => perProcessUs[1][i]! - b);
const [b, a] = perProcessUs.map(median) as [number, number];
console.log(`\n${DB}, GET /api/available, the server's CPU time per request, ${PAIRS} pairs of processes, ${ROUNDS} alternating bursts of ${REQUESTS} each, ${new Date().toISOString()}:`);
console.log(`  ${before}: median ${b.toFixed(1)} µs (${Math.min(...perProcessUs[0]).toFixed(0)}-${Math.max(...perProcessUs[0]).toFixed(0)})`);
console.log(`  ${after}: median ${a.toFixed(1)} µs (${Math.min(...perProcessUs[1]).toFixed(0)}-${Math.max(...perProcessUs[1]).toFixed(0)})`);
console.log(`  after - before, paired by process pair: median ${median(differences).toFixed(1)} µs (${((median(differences) / b) * 100).toFixed(1)}% of before)`);
