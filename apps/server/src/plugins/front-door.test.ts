/**
 * The front door's refusals that need no server: a render that throws is left to Fastify (which
 * answers it with its error handler) instead of escaping the request listener.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createFrontDoor, type FrontDoorDeps } from './front-door.ts';

const request = (url: string, method = 'GET') => ({ method, url, headers: {} }) as IncomingMessage;
const untouched = () => {
  const res = { written: false, writeHead() { res.written = true; }, end() { res.written = true; } };
  return res;
};
const deps = (readyJson: FrontDoorDeps['readyJson']): FrontDoorDeps => ({
  readyJson,
  headers: {},
  isDraining: () => false,
  observe: () => {},
  log: pino({ level: 'silent' }),
});

describe('createFrontDoor', () => {
  it('leaves the request to Fastify, untouched, when rendering the answer throws', () => {
    const door = createFrontDoor(deps(() => { throw new Error('render failed'); }));
    const res = untouched();
    expect(door(request('/api/available?date=2030-06-07'), res as unknown as ServerResponse)).toBe(false);
    expect(res.written).toBe(false);
  });

  it('answers a ready read and leaves a missing one alone', () => {
    const body = Buffer.from('[]');
    const res = untouched();
    expect(createFrontDoor(deps(() => body))(request('/api/available?date=2030-06-07'), res as unknown as ServerResponse)).toBe(true);
    expect(res.written).toBe(true);
    const missing = untouched();
    expect(createFrontDoor(deps(() => undefined))(request('/api/available?date=2030-06-07'), missing as unknown as ServerResponse)).toBe(false);
    expect(missing.written).toBe(false);
  });

  it('writes its line once the level is lowered to info while the server runs, and none above it', () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const log = pino({ level: 'warn' }, stream);
    const door = createFrontDoor({ ...deps(() => Buffer.from('[]')), log });
    door(request('/api/available?date=2030-06-07'), untouched() as unknown as ServerResponse);
    expect(lines).toEqual([]);
    log.level = 'info';
    door(request('/api/available?date=2030-06-07'), untouched() as unknown as ServerResponse);
    expect(lines).toEqual([expect.objectContaining({ level: 30, method: 'GET', url: '/api/available?date=2030-06-07', statusCode: 200, msg: 'request completed' })]);
    expect(Object.keys(lines[0]!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'method', 'url', 'statusCode', 'responseTime', 'msg']);
  });
});
