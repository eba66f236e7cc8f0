/**
 * Scale-out (DESIGN.md section 5): two server processes on one PostgreSQL race for one slot.
 * Exactly one patient wins, whichever instance they reached, and both instances then agree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { insertSignedInPatients } from './test/helper.ts';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from './test/throwaway-postgres.ts';

const SERVER = path.resolve(import.meta.dirname, 'server.ts');
const AUTH_SECRET = 'scale-out-secret-scale-out-secret-0123';
// A day well inside the booking window, whatever today is.
const DAY = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

function startInstance(databaseUrl: string, port: number, dataDir: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLINIC_TIMEZONE: 'UTC',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  return { child, port, output: () => output };
}

async function waitHealthy(port: number, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`instance on ${port} did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two instances on one PostgreSQL', () => {
  let postgres: ThrowawayPostgres;
  let database: Database;
  let dataDir: string;
  const instances: ReturnType<typeof startInstance>[] = [];

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    const url = await postgres.createDatabase('scale_out');
    dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-scale-'));
    // Both start at once: migrations queue on the advisory lock.
    for (let i = 0; i < 2; i++) instances.push(startInstance(url, await freePort(), dataDir));
    await Promise.all(instances.map((i) => waitHealthy(i.port, i.output)));
    database = await openDatabase({ kind: 'postgres', url });
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGTERM');
    await database?.close();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives one slot to exactly one of 1,000 patients spread over both instances', async () => {
    const patients = await insertSignedInPatients(database.db, AUTH_SECRET, 1000);
    const [a, b] = instances;
    const treatments = (await (await fetch(`http://127.0.0.1:${a!.port}/api/available?date=${DAY}`)).json()) as { _id: string; slots: string[] }[];
    const target = treatments[2]!;
    const slot = target.slots[5]!;

    const started = performance.now();
    const statuses = await Promise.all(
      patients.map(async (p, i) => {
        const port = (i % 2 === 0 ? a : b)!.port;
        const res = await fetch(`http://127.0.0.1:${port}/api/booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
          body: JSON.stringify({ treatmentId: target._id, date: DAY, slot }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const figures = {
      created: statuses.filter((s) => s === 201).length,
      conflicts: statuses.filter((s) => s === 409).length,
      serverErrors: statuses.filter((s) => s >= 500).length,
      wallMs: Math.round(performance.now() - started),
      byStatus: Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])),
    };
    console.info('[scale-out] 1000 patients, one slot, two instances:', JSON.stringify(figures));
    expect(figures).toMatchObject({ created: 1, conflicts: 999, serverErrors: 0 });

    // Whichever instance answers next, the slot is gone.
    for (const instance of [a!, b!]) {
      const list = (await (await fetch(`http://127.0.0.1:${instance.port}/api/available?date=${DAY}`)).json()) as { _id: string; slots: string[] }[];
      expect(list.find((x) => x._id === target._id)!.slots).not.toContain(slot);
    }
  });
});
