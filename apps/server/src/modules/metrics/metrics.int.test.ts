/**
 * GET /metrics: Prometheus text that a strict reader accepts; requests counted by route pattern
 * and status; bookings made, refused and cancelled counted where the booking service decides;
 * queue depths read from the tables; who may read it (METRICS_TOKEN, else loopback only).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { jobs } from '../../db/schema.ts';
import { bearer, buildTestApp, createSignedInPatients, testDb, treatmentsOn, unusedDay, type TestApp } from '../../test/helper.ts';
import { parsePrometheusText } from '../../test/prometheus-text.ts';
import { isLoopbackHost, metricsExposure } from './metrics.routes.ts';

const NOW = new Date('2030-06-05T10:15:00Z');
const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    return parsePrometheusText(res.body);
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('answers Prometheus text with the process, request, booking and queue families', async () => {
    await t.app.inject('/api/health');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const metrics = parsePrometheusText(res.body);
    expect(Object.fromEntries([...metrics.types].filter(([name]) => !name.startsWith('nodejs_') && !name.startsWith('process_')))).toEqual({
      http_request_duration_seconds: 'histogram',
      clinic_bookings_made_total: 'counter',
      clinic_bookings_refused_total: 'counter',
      clinic_bookings_cancelled_total: 'counter',
      clinic_outbox_messages: 'gauge',
      clinic_jobs: 'gauge',
      ...(testDb === 'postgres'
        ? { clinic_db_pool_connections: 'gauge', clinic_db_pool_idle_connections: 'gauge', clinic_db_pool_waiting_requests: 'gauge' }
        : {}),
    });
    // Event-loop lag and memory, from prom-client's default metrics.
    expect(metrics.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(metrics.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metrics.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(metrics.value('http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status: '200' })).toBeGreaterThanOrEqual(1);
    if (testDb === 'postgres') expect(metrics.value('clinic_db_pool_connections')).toBeGreaterThanOrEqual(1);
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const [patient] = await createSignedInPatients(t, 1, 'routes');
    const id = '00000000-0000-4000-8000-000000000000';
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/booking/:id', status: '404' };
    await t.app.inject({ url: `/api/booking/${id}`, headers: bearer(patient!) });
    await t.app.inject('/no/such/page.js');
    const after = await scrape();
    expect(after.value('http_request_duration_seconds_count', labels) - before.value('http_request_duration_seconds_count', labels)).toBe(1);
    expect(after.value('http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(after.value('http_request_duration_seconds_count', labels));
    expect(after.has('http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(true);
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes(id) || v.includes('page.js')))).toBe(false);
  });

  it('counts a booking made, one refused and one cancelled', async () => {
    const [ann, bob] = await createSignedInPatients(t, 2, 'counted');
    const date = unusedDay();
    const treatment = (await treatmentsOn(t, date))[0]!;
    const request = { treatmentId: treatment._id, date, slot: treatment.slots[0]! };
    const before = await scrape();
    const delta = (after: typeof before, name: string, labels: Record<string, string>) => after.value(name, labels) - before.value(name, labels);

    const made = await t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(ann!), payload: request });
    expect(made.statusCode).toBe(201);
    let after = await scrape();
    expect(delta(after, 'clinic_bookings_made_total', { via: 'online' })).toBe(1);
    expect(delta(after, 'clinic_bookings_refused_total', {})).toBe(0);

    const refused = await t.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(bob!), payload: request });
    expect(refused.statusCode).toBe(409);
    after = await scrape();
    expect(delta(after, 'clinic_bookings_refused_total', { reason: 'conflict' })).toBe(1);
    expect(delta(after, 'clinic_bookings_made_total', {})).toBe(1);

    const id = made.json<{ booking: { _id: string } }>().booking._id;
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/booking/${id}/cancel`, headers: bearer(ann!), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    after = await scrape();
    expect(delta(after, 'clinic_bookings_cancelled_total', { by: 'patient' })).toBe(1);
    // The confirmation and the cancellation wait in the outbox (no SMTP_URL here).
    expect(after.value('clinic_outbox_messages', { status: 'pending' })).toBeGreaterThanOrEqual(2);
  });

  it('reads the job queue by status when scraped', async () => {
    const before = await scrape();
    expect(before.has('clinic_jobs', { status: 'failed' })).toBe(true);
    await t.db.insert(jobs).values({ kind: 'metrics.test', status: 'failed', lastError: 'boom', finishedAt: NOW });
    const after = await scrape();
    expect(after.value('clinic_jobs', { status: 'failed' }) - before.value('clinic_jobs', { status: 'failed' })).toBe(1);
  });

  it('is served to this machine only while METRICS_TOKEN is unset, whatever X-Forwarded-For says', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    const away = await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(away.statusCode).toBe(403);
    expect(away.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(away.json()).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('wants METRICS_TOKEN as a Bearer token when it is set, from anywhere', async () => {
    const guarded = await buildTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
        const res = await guarded.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
      }
      const remote = await guarded.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(remote.statusCode).toBe(200);
      expect(parsePrometheusText(remote.body).types.get('clinic_bookings_made_total')).toBe('counter');
    } finally {
      await guarded.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN where the address proves nothing', () => {
  /** An app built with `env`, and the lines it logged while starting. */
  async function started(env: Record<string, string>) {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string }));
        done();
      },
    });
    const logging = loggerOptions(loadConfig({ DATA_DIR: '/nonexistent', AUTH_SECRET: 'x'.repeat(32), LOG_LEVEL: 'info' }));
    const t = await buildTestApp(env, { logger: { ...logging, stream } });
    return { t, warnings: () => lines.filter((l) => l.level === 40 && l.msg.includes('/metrics')).map((l) => l.msg) };
  }

  it('is off (404 problem) to everyone, this machine included, behind a proxy (TRUST_PROXY), and start-up says how to turn it on', async () => {
    const { t, warnings } = await started({ TRUST_PROXY: 'true' });
    try {
      for (const request of [{}, { remoteAddress: '::1' }, { remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } }]) {
        const res = await t.app.inject({ url: '/metrics', ...request });
        expect(res.statusCode, JSON.stringify(request)).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
        expect(res.body).not.toContain('nodejs_');
      }
      expect(warnings()).toEqual([expect.stringMatching(/^GET \/metrics is off \(404\): TRUST_PROXY is set.*set METRICS_TOKEN.*Authorization: Bearer <token>/)]);
    } finally {
      await t.close();
    }
  });

  it('is off when HOST listens beyond loopback, and on again with METRICS_TOKEN (no warning then)', async () => {
    const open = await started({ HOST: '0.0.0.0' });
    try {
      expect((await open.t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect(open.warnings()).toEqual([expect.stringMatching(/HOST 0\.0\.0\.0 listens beyond this machine.*METRICS_TOKEN/)]);
    } finally {
      await open.t.close();
    }
    const guarded = await started({ HOST: '0.0.0.0', METRICS_TOKEN: TOKEN });
    try {
      expect((await guarded.t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
      expect((await guarded.t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect(guarded.warnings()).toEqual([]);
    } finally {
      await guarded.t.close();
    }
  });

  it('tells loopback hosts from the rest, and a proxy setting from none', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.7', 'clinic.example.com', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
    const local = { host: '127.0.0.1' };
    expect(metricsExposure({ ...local, trustProxy: false })).toEqual({ kind: 'loopback' });
    expect(metricsExposure({ ...local, trustProxy: 0 })).toEqual({ kind: 'loopback' });
    for (const trustProxy of [true, 1, ['127.0.0.1']]) expect(metricsExposure({ ...local, trustProxy }).kind).toBe('off');
    expect(metricsExposure({ host: '0.0.0.0', trustProxy: true, metricsToken: TOKEN })).toEqual({ kind: 'token' });
  });
});
