/**
 * The real server through PostgreSQL outages (issue 19): while the database is down it answers
 * 503 problem+json with Retry-After and never another 5xx, health says the database is
 * unreachable, it recovers by itself when PostgreSQL returns, and nothing it acknowledged is
 * lost; a frozen database fails requests within a bounded time; a server started while
 * PostgreSQL is down retries, then exits with a message naming DATABASE_URL. It stops and starts
 * a PostgreSQL of its own, so it runs in the server-process project whatever TEST_DB says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOverHttp, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '../test/throwaway-postgres.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the server through PostgreSQL outages', () => {
  let postgres: ThrowawayPostgres;
  let url: string;
  let server: ServerProcess;
  let base: string;
  let dataDir: string;
  let finished = false;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres({ socketOnly: true });
    url = await postgres.createDatabase('outage');
    dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-outage-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startServerProcess(dataDir, port, {
      DATABASE_URL: url,
      AUTH_SECRET: 'outage-secret-outage-secret-outage-0123',
      PUBLIC_URL: base,
      DATABASE_TIMEOUT_SECONDS: '2',
      BOOKING_RATE_LIMIT_PER_MINUTE: '1000',
      MAX_ACTIVE_BOOKINGS: '1000',
    });
    await server.ready;
    // A server that dies mid-test would show only as refused connections: say why it died.
    void server.exited.then((code) => {
      if (!finished) console.error(`the server exited with ${code} during the test:\n${server.output().slice(-6000)}`);
    });
  }, 90_000);
  afterAll(async () => {
    finished = true;
    server?.child.kill('SIGKILL');
    await server?.exited;
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });



  it('answers only 503 with Retry-After while PostgreSQL is down, recovers by itself, and loses nothing acknowledged', async () => {
    const token = await signUpOverHttp(base, 'outage@example.com');
    // Days from tomorrow on (the server's clock is the real one), inside the 90-day window.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const treatments = (await (await fetch(`${base}/api/available?date=${day(1)}`)).json()) as { _id: string; slots: string[] }[];
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    const unavailable: Response[] = [];
    let stop = false;
    let n = 0;
    // Light load: one booking (each on a day of its own) and one availability read at a time.
    const load = (async () => {
      while (!stop) {
        const i = n++;
        const treatment = treatments[i % treatments.length]!;
        // One booking per treatment and day (the patient's rule), a day later every six.
        const date = day(2 + (Math.floor(i / treatments.length) % 80));
        const booked = await fetch(`${base}/api/booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ treatmentId: treatment._id, date, slot: treatment.slots[0] }),
        }).catch(() => null);
        const read = await fetch(`${base}/api/available?date=${date}`).catch(() => null);
        for (const res of [booked, read]) {
          if (!res) continue;
          statuses.push(res.status);
          if (res.status === 503) unavailable.push(res);
        }
        if (booked?.status === 201) acknowledged.push(((await booked.json()) as { booking: { _id: string } }).booking._id);
        else await booked?.body?.cancel();
        await read?.body?.cancel();
        await sleep(20);
      }
    })();

    await sleep(800);
    await postgres.stopServer();
    const downAt = Date.now();
    await sleep(2_500);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(await health.json()).toMatchObject({ status: 503, code: 'service_unavailable', database: 'unreachable', detail: 'The database is unreachable.' });
    const whileDown = statuses.length;

    await postgres.startServer();
    const upAt = Date.now();
    let recoveredAt = 0;
    for (let i = 0; i < 200 && !recoveredAt; i++) {
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.status === 200) recoveredAt = Date.now();
      else await sleep(100);
    }
    expect(recoveredAt).toBeGreaterThan(0);
    await sleep(800);
    stop = true;
    await load;

    console.info(`PostgreSQL down ${upAt - downAt} ms; healthy again ${recoveredAt - upAt} ms after it returned`);
    expect(recoveredAt - upAt).toBeLessThan(10_000);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const res of unavailable) {
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    // Only 201/409 (bookings), 200 (reads) and 503: never a 500.
    expect(statuses.filter((s) => ![200, 201, 409, 503].includes(s))).toEqual([]);
    expect(statuses.length).toBeGreaterThan(whileDown); // it served again after the outage
    expect(statuses.slice(whileDown).some((s) => s === 201 || s === 200)).toBe(true);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = (await client.query('SELECT id FROM bookings WHERE id = ANY($1)', [acknowledged])).rows;
      expect(rows.length).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('fails requests within a bounded time while PostgreSQL is frozen, and serves again when it thaws', async () => {
    postgres.freeze();
    try {
      const started = Date.now();
      const res = await fetch(`${base}/api/health`);
      const took = Date.now() - started;
      expect(res.status).toBe(503);
      // DATABASE_TIMEOUT_SECONDS=2: the answer's own timeout (2 s + 5 s) or the connect timeout
      // (5 s), with room for a loaded CI machine; without them it would wait as long as the freeze.
      expect(took).toBeLessThan(15_000);
    } finally {
      postgres.thaw();
    }
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await fetch(`${base}/api/health`)).status;
      if (status !== 200) await sleep(100);
    }
    expect(status).toBe(200);
  }, 60_000);

  it('starts while PostgreSQL is down by retrying for DATABASE_CONNECT_RETRY_SECONDS, then exits with a message naming DATABASE_URL', async () => {
    await postgres.stopServer();
    const dir = mkdtempSync(path.join(tmpdir(), 'clinic-outage-start-'));
    try {
      const late = startServerProcess(dir, await freePort(), {
        DATABASE_URL: url,
        AUTH_SECRET: 'outage-secret-outage-secret-outage-0123',
        DATABASE_CONNECT_RETRY_SECONDS: '2',
      });
      const code = await late.exited;
      expect(code).toBe(1);
      expect(late.output()).toMatch(/is not reachable .*trying again in/);
      expect(late.output()).toMatch(/could not be reached for 2 s .*DATABASE_URL/);
      expect(late.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    } finally {
      await postgres.startServer();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
