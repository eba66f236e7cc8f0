/**
 * A request's id: the caller's `x-request-id` when it is a plausible one (a proxy's, so that one
 * id follows the request through both logs), else a new UUID. Fastify's `genReqId` (app.ts) and
 * the front door (plugins/front-door.ts) both use it; it is sent back as `x-request-id`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}
