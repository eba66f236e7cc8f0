/**
 * SIGTERM on the real server process under load: bookings in flight finish and are kept exactly
 * once, later arrivals get a problem+json 503, a slow client is cut off at the grace period, the
 * log says what happened, DATA_DIR is released, and the exit is 0.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { bookings } from './db/schema.ts';
import { startServerProcess } from './test/server-process.ts';
import { freePort } from './test/throwaway-postgres.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Limits that would refuse a load test's bookings are lifted: this is about shutting down. */
const LOAD_ENV = { MAX_ACTIVE_BOOKINGS: '1000', BOOKING_RATE_LIMIT_PER_MINUTE: '100000', CLINIC_TIMEZONE: 'UTC' };

async function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-shutdown-'));
  dirs.push(dataDir);
  const port = await freePort();
  const server = startServerProcess(dataDir, port, { ...LOAD_ENV, ...env });
  children.push(server.child);
  await server.ready;
  return { ...server, dataDir, port, base: `http://127.0.0.1:${port}` };
}

/** A signed-up patient's access token, as the web app gets it. */
async function patientToken(base: string, n: number): Promise<string> {
  const email = `drain${n}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: `Drain ${n}`, email, password: 'secret123' }),
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const token = await fetch(`${base}/api/user/${email}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ email }),
  });
  return ((await token.json()) as { token: string }).token;
}

/** The JSON log line whose message starts with `prefix`. */
function logLine(output: string, prefix: string): Record<string, unknown> {
  const line = output.split('\n').find((l) => l.startsWith('{') && (JSON.parse(l) as { msg?: string }).msg?.startsWith(prefix));
  if (!line) throw new Error(`no log line "${prefix}..." in:\n${output}`);
  return JSON.parse(line) as Record<string, unknown>;
}

interface Answer {
  at: number;
  status?: number;
  type?: string | null;
  retryAfter?: string | null;
  body?: { code?: string; booking?: { _id: string } };
  error?: string;
}

describe('shutting down on SIGTERM', () => {
  it('finishes the bookings in flight, refuses later ones with a 503 problem, keeps each acknowledged booking once, and exits 0 within the grace period', async () => {
    const server = await startServer({});
    const LOOPS = 16;
    const tokens = await Promise.all(Array.from({ length: LOOPS }, (_, n) => patientToken(server.base, n)));
    const firstDay = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const treatments = (await (await fetch(`${server.base}/api/available?date=${firstDay}`)).json()) as { _id: string; slots: string[] }[];
    let next = 0;
    /** Every request its own treatment, day and slot: nothing refused for a conflict. */
    const nextRequest = () => {
      const n = next++;
      const treatment = treatments[n % treatments.length]!;
      const rest = Math.floor(n / treatments.length);
      const day = new Date(Date.now() + (2 + (rest % 80)) * 86_400_000).toISOString().slice(0, 10);
      return { treatmentId: treatment._id, date: day, slot: treatment.slots[Math.floor(rest / 80) % treatment.slots.length]! };
    };

    const answers: Answer[] = [];
    let signalAt = Number.POSITIVE_INFINITY;
    const loop = async (token: string) => {
      for (;;) {
        const at = performance.now();
        try {
          const res = await fetch(`${server.base}/api/booking`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(nextRequest()),
          });
          answers.push({ at, status: res.status, type: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer['body'] });
        } catch (error) {
          // The listening socket is closed: this client is done.
          const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
          answers.push({ at, error: cause?.code ?? cause?.message ?? String(error) });
          return;
        }
      }
    };
    const load = Promise.all(tokens.map(loop));
    // Under way: some bookings acknowledged, more in flight.
    while (answers.filter((a) => a.status === 201).length < 100) await new Promise((r) => setTimeout(r, 20));
    signalAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const exitedAfterMs = performance.now() - signalAt;
    await load;

    expect(code).toBe(0);
    expect(exitedAfterMs).toBeLessThan(10_000);
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.body!.booking!._id);
    const late = answers.filter((a) => a.status === 503);
    // Nothing but bookings and the drain's refusals; connections refused only after the signal.
    expect(answers.filter((a) => a.status !== undefined && a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.error !== undefined && a.at < signalAt)).toEqual([]);
    expect(late.length).toBeGreaterThan(0);
    for (const answer of late) {
      expect(answer).toMatchObject({ type: expect.stringMatching(/^application\/problem\+json/), retryAfter: '5', body: { code: 'service_unavailable' } });
    }

    const log = logLine(server.output(), 'shut down:');
    expect(log).toMatchObject({ signal: 'SIGTERM', cutOff: 0 });
    expect(log.msg).toBe('shut down: every request in flight finished; DATA_DIR released');
    expect(log.finished).toBe(log.inFlight);
    expect(log.refused).toBe(late.length);
    expect(logLine(server.output(), 'shutting down:')).toMatchObject({ signal: 'SIGTERM', graceSeconds: 10, inFlight: log.inFlight });
    expect(existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false);

    // Every acknowledged booking is there, once; none is there that was not acknowledged.
    const database = await openDatabase({ kind: 'pglite', dir: path.join(server.dataDir, 'pglite') });
    try {
      const stored = (await database.db.select({ id: bookings.id }).from(bookings)).map((row) => row.id);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      expect(stored.toSorted()).toEqual(acknowledged.toSorted());
    } finally {
      await database.close();
    }
    console.info(
      `SIGTERM under load: ${acknowledged.length} bookings acknowledged and stored, ${Number(log.inFlight)} in flight at the signal finished, ` +
        `${late.length} late requests answered 503, exit 0 after ${Math.round(exitedAfterMs)} ms (server's own count ${Number(log.durationMs)} ms); ` +
        `then ${answers.filter((a) => a.error === 'ECONNREFUSED').length} connections refused, ${answers.filter((a) => a.error && a.error !== 'ECONNREFUSED').length} other connection errors`,
    );
  });

  it('cuts off a client still sending its body at the grace period, says so, and still exits 0', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '2' });
    const token = await patientToken(server.base, 99);
    const socket = connect(server.port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // The headers and a tenth of the body, then nothing more.
    socket.write(
      'POST /api/booking HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Length: 1000\r\n\r\n{"treatmentId":`,
    );
    // The server has the request once its access check ran (before the body is read).
    await new Promise((r) => setTimeout(r, 500));

    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const exitedAfterMs = performance.now() - signalAt;
    await closed;

    expect(code).toBe(0);
    expect(exitedAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(exitedAfterMs).toBeLessThan(2_000 + 5_000);
    expect(received).toBe('');
    expect(logLine(server.output(), 'shutting down:')).toMatchObject({ inFlight: 1, graceSeconds: 2 });
    expect(logLine(server.output(), 'grace period over:')).toMatchObject({ cutOff: 1 });
    expect(logLine(server.output(), 'shut down:')).toMatchObject({
      inFlight: 1,
      finished: 0,
      cutOff: 1,
      msg: 'shut down: 1 request(s) cut off at the grace period, the rest finished; DATA_DIR released',
    });
    expect(existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false);
    console.info(`slow client: cut off at the grace period of 2 s, exit 0 after ${Math.round(exitedAfterMs)} ms`);
  });
});
