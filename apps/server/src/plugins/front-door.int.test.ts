/**
 * The front door (plugins/front-door.ts): on a listening server, since `inject` never meets it.
 * A repeated `/api/available` read is answered without Fastify, with the route's bytes, headers,
 * log line and metric; whatever the door cannot answer exactly as the route would goes on to
 * Fastify; with the fast path off, nothing is answered at the door.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAST_PATH_NAMES } from '../config-values.ts';
import { bearer, buildTestApp, signUp, type TestApp } from '../test/helper.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const DAY = '2030-06-07';

/** An app listening on a free port whose request log is kept, and a count of the requests Fastify saw. */
async function listening(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const t = await buildTestApp(env, { now: () => NOW, logger: { level: 'info', stream } });
  const seen = { available: 0 };
  t.app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.startsWith('/api/available')) seen.available++;
    done();
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const completed = () => lines.filter((line) => line.msg === 'request completed');
  return { t, base: `http://127.0.0.1:${port}`, seen, completed };
}

/** A response's headers, without those that differ between any two answers. */
function stableHeaders(res: Response) {
  const kept = [...res.headers.entries()].filter(([name]) => !['date', 'x-request-id'].includes(name));
  return Object.fromEntries(kept);
}

/** The request histogram's count for one route and status, from the metrics exposition. */
async function requestCount(t: TestApp, status: number): Promise<number> {
  const text = await t.app.metrics.render();
  const line = text.split('\n').find((l) => l.startsWith(`http_request_duration_seconds_count{method="GET",route="/api/available",status="${status}"}`));
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('the front door, on (the default)', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  const url = () => `${server.base}/api/available?date=${DAY}`;

  beforeAll(async () => {
    server = await listening({ FAST_PATHS: 'on' });
  });
  afterAll(() => server.t.close());

  it('answers a repeated read as the route does, without Fastify', async () => {
    const first = await fetch(url());
    const firstBody = await first.text();
    expect(server.seen.available).toBe(1);

    const again = await fetch(url(), { headers: { 'x-request-id': 'front-desk-42' } });
    expect(server.seen.available).toBe(1);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(stableHeaders(again)).toEqual(stableHeaders(first));
    expect(again.headers.get('x-request-id')).toBe('front-desk-42');
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // The same log line, field for field, and the same metric.
    const [routeLine, doorLine] = server.completed().slice(-2);
    expect(Object.keys(doorLine!).sort()).toEqual(Object.keys(routeLine!).sort());
    expect(doorLine).toMatchObject({ level: 30, reqId: 'front-desk-42', method: 'GET', url: `/api/available?date=${DAY}`, statusCode: 200 });
    expect(doorLine!.responseTime).toEqual(expect.any(Number));
    expect(await requestCount(server.t, 200)).toBe(2);
  });

  it('answers what a booking changed: the booked slot is gone from the next answer', async () => {
    const before = (await (await fetch(url())).json()) as { _id: string; slots: string[] }[];
    const patient = await signUp(server.t);
    const [treatment] = before;
    const booked = await server.t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: bearer(patient),
      payload: { treatmentId: treatment!._id, date: DAY, slot: treatment!.slots[0] },
    });
    expect(booked.statusCode).toBe(201);

    const seenBefore = server.seen.available;
    const after = (await (await fetch(url())).json()) as { _id: string; slots: string[] }[];
    expect(after.find((t) => t._id === treatment!._id)!.slots).toEqual(treatment!.slots.slice(1));
    // The booking dropped the day's answer, so the route loaded it again. Its notice comes back
    // over LISTEN a moment later and drops it once more; after that, the door serves it.
    expect(server.seen.available).toBeGreaterThan(seenBefore);
    await vi.waitFor(async () => {
      const seen = server.seen.available;
      expect(await (await fetch(url())).json()).toEqual(after);
      expect(server.seen.available).toBe(seen);
    });
  });

  it('leaves to Fastify what it cannot answer exactly as the route would', async () => {
    await fetch(url());
    let seen = server.seen.available;
    const throughFastify = async (input: string, init?: RequestInit) => {
      const res = await fetch(input, init);
      expect(server.seen.available, input).toBe(++seen);
      return res;
    };
    expect((await throughFastify(`${url()}&extra=1`)).status).toBe(200);
    expect((await throughFastify(url(), { method: 'HEAD' })).status).toBe(200);
    expect((await throughFastify(`${server.base}/api/available?date=2030-6-7`)).status).toBe(400);
    // Out of the booking window: the route's 400, in its words.
    const far = await throughFastify(`${server.base}/api/available?date=2031-06-07`);
    expect(far.status).toBe(400);
    expect(far.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('leaves a draining server to the drain plugin, whose 503 comes from Fastify', async () => {
    // Ready at the door: it would answer 200 if it did not step aside.
    await fetch(url());
    server.t.app.drain.begin();
    const res = await fetch(url());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });
});

describe('the front door, off', () => {
  let server: Awaited<ReturnType<typeof listening>>;

  beforeAll(async () => {
    server = await listening({ FAST_PATHS: FAST_PATH_NAMES.filter((name) => name !== 'available-bytes').join(',') });
  });
  afterAll(() => server.t.close());

  it('sends every read through Fastify', async () => {
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push(await (await fetch(`${server.base}/api/available?date=${DAY}`)).text());
    expect(server.seen.available).toBe(3);
    expect(new Set(bodies).size).toBe(1);
    expect(await requestCount(server.t, 200)).toBe(3);
  });
});
