/**
 * The front door's refusals that need no server: a render that throws is left to Fastify (which
 * answers it with its error handler) instead of escaping the request listener.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createFrontDoor, type FrontDoorDeps } from './front-door.ts';

const request = (url: string, method = 'GET') => ({ method, url, headers: {} }) as IncomingMessage;
const untouched = () => {
  const res = { written: false, setHeader() { res.written = true; }, end() { res.written = true; } };
  return res;
};
const deps = (readyJson: FrontDoorDeps['readyJson']): FrontDoorDeps => ({
  readyJson,
  headers: {},
  isDraining: () => false,
  observe: () => {},
  log: { level: 'silent' } as FrontDoorDeps['log'],
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
});
