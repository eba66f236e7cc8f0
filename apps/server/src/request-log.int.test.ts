/**
 * What the request log says about a request: one line once it is answered, with its id, method,
 * URL, status and time, and no patient's email, in the path or the query.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { bearer, buildTestApp, signUp, type TestApp, type TestUser } from './test/helper.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

describe('the request log', () => {
  let t: TestApp;
  let ann: TestUser;
  const lines: string[] = [];
  const entries = () => lines.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      AUTH_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'info',
    });
    t = await buildTestApp({}, { logger: { ...loggerOptions(config), stream } });
    ann = await signUp(t, { email: 'ann.log@example.com' });
  });
  afterAll(() => t.close());

  it('writes one line per request, with its id, method, URL and status', async () => {
    lines.length = 0;
    const ok = await t.app.inject({
      url: '/api/service',
      headers: { 'x-request-id': 'log-test-1' },
    });
    const missing = await t.app.inject({
      url: '/api/booking/not-a-booking',
      headers: { ...bearer(ann), 'x-request-id': 'log-test-2' },
    });
    const unnamed = await t.app.inject({ url: '/api/health' });
    expect([ok.statusCode, missing.statusCode, unnamed.statusCode]).toEqual([200, 404, 200]);

    const logged = entries();
    expect(logged).toHaveLength(3);
    expect(
      logged.map(({ reqId, method, url, statusCode, msg, level }) => ({
        reqId,
        method,
        url,
        statusCode,
        msg,
        level,
      })),
    ).toEqual([
      {
        reqId: 'log-test-1',
        method: 'GET',
        url: '/api/service',
        statusCode: 200,
        msg: 'request completed',
        level: 30,
      },
      {
        reqId: 'log-test-2',
        method: 'GET',
        url: '/api/booking/not-a-booking',
        statusCode: 404,
        msg: 'request completed',
        level: 30,
      },
      {
        reqId: unnamed.headers['x-request-id'],
        method: 'GET',
        url: '/api/health',
        statusCode: 200,
        msg: 'request completed',
        level: 30,
      },
    ]);
    expect(
      logged.every((entry) => typeof entry.responseTime === 'number' && entry.responseTime >= 0),
    ).toBe(true);
    // The id an operator finds in the log is the one the client was given.
    expect(ok.headers['x-request-id']).toBe('log-test-1');
  });

  it("keeps patients' emails out of the log", async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/booking?patient=ann.log%40example.com', headers: bearer(ann) });
    await t.app.inject({ url: '/api/booking?patient=ann.log@example.com', headers: bearer(ann) });
    await t.app.inject({ url: '/api/admin/ann.log@example.com', headers: bearer(ann) });
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/ann.log%40example.com',
      headers: { ...bearer(ann), origin: t.origin },
      payload: {},
    });
    expect(
      entries()
        .filter((entry) => entry.msg === 'request completed')
        .map((entry) => entry.url),
    ).toEqual([
      '/api/booking?patient=[redacted]',
      '/api/booking?patient=[redacted]',
      '/api/admin/[redacted]',
      '/api/user/[redacted]',
    ]);
    expect(lines.join('\n')).not.toMatch(/ann\.log(@|%40)example/);
  });
});
