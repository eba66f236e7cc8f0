/**
 * What the request log says about a request: no patient's email, in the path or the query.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { bearer, buildTestApp, signUp, type TestApp, type TestUser } from './test/helper.ts';

describe('the request log', () => {
  let t: TestApp;
  let ann: TestUser;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: '/nonexistent', AUTH_SECRET: 'x'.repeat(32), LOG_LEVEL: 'info' });
    t = await buildTestApp({}, { logger: { ...loggerOptions(config), stream } });
    ann = await signUp(t, { email: 'ann.log@example.com' });
  });
  afterAll(() => t.close());

  it("keeps patients' emails out of logged URLs", async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/booking?patient=ann.log%40example.com', headers: bearer(ann) });
    await t.app.inject({ url: '/api/booking?patient=ann.log@example.com', headers: bearer(ann) });
    await t.app.inject({ url: '/api/admin/ann.log@example.com', headers: bearer(ann) });
    await t.app.inject({ method: 'PUT', url: '/api/user/ann.log%40example.com', headers: { ...bearer(ann), origin: t.origin }, payload: {} });
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).filter((entry) => entry.req);
    expect(logged.map((entry) => entry.req!.url)).toEqual([
      '/api/booking?patient=[redacted]',
      '/api/booking?patient=[redacted]',
      '/api/admin/[redacted]',
      '/api/user/[redacted]',
    ]);
    expect(lines.join('\n')).not.toMatch(/ann\.log(@|%40)example/);
  });
});
