/**
 * The front door: `GET /api/available?date=YYYY-MM-DD` answered before Fastify when its bytes
 * are already in memory (FAST_PATHS `available-bytes`, on by default; docs/decisions/042).
 *
 * The busiest read of the product is the same few kilobytes of JSON many times over. Through
 * Fastify each answer cost about 90 µs of CPU, against about 25 µs for a bare route sending the
 * same bytes in a process of its own (issue 37): routing, a dozen hooks, the reply's machinery and
 * their allocations, no single one large. Here the request is matched by its URL alone and answered
 * with what the route would send: the same bytes (`readyJson`, from the same cache as the route),
 * the same headers (the request id, the security headers, the type and length), the same log line
 * and the same request metric.
 *
 * Everything else goes to Fastify unchanged, and so does this request whenever the door cannot
 * answer it exactly as the route would: another method or URL form, an answer not in memory (the
 * route loads it, and the next request finds it), a date out of the booking window (the route's
 * 400), a server draining (the drain plugin's 503). With the fast path off the door is not built.
 *
 * A hook added on every request does not see the reads answered here: one that must (a global
 * rate limit, an address block list) belongs in the door too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { requestIdOf } from '../lib/request-id.ts';
import { logsRequests } from './request-log.ts';

const AVAILABLE = /^\/api\/available\?date=(\d{4}-\d{2}-\d{2})$/;
const ROUTE = '/api/available';

export interface FrontDoorDeps {
  /** The answer's bytes if they are ready (availability.service `readyJson`), else undefined. */
  readyJson(date: string): Buffer | undefined;
  /** The headers every answer carries (plugins/security.ts). */
  headers: Readonly<Record<string, string>>;
  isDraining(): boolean;
  observe(method: string, route: string, status: number, seconds: number): void;
  log: FastifyBaseLogger;
}

/** Answers the request and says true, or says false and leaves it untouched. */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createFrontDoor(deps: FrontDoorDeps): FrontDoor {
  const { readyJson, isDraining, observe, log } = deps;
  // The headers as one flat list for `writeHead`, in the order Fastify sends them: the request id
  // (app.ts), the security headers, the body's type and length. One call instead of a `setHeader`
  // each, which lower-cases and files every name in an object first (issue 37).
  const fixed = Object.entries(deps.headers).flat();
  const headersOf = (reqId: string, length: number) => ['x-request-id', reqId, ...fixed, 'content-type', 'application/json; charset=utf-8', 'content-length', String(length)];
  // The line below holds no field the redaction paths name (lib/logger-options.ts): written by a
  // child with the same bindings (so the same line) that skips walking them, a third of its cost.
  // At info whatever the parent was made at: whether a line is written is `logsRequests`'s call.
  const lineLog = log.child({}, { level: 'info', redact: { paths: [] } });
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const match = AVAILABLE.exec(req.url ?? '');
    if (!match || isDraining()) return false;
    const started = performance.now();
    let body: Buffer | undefined;
    try {
      body = readyJson(match[1]!);
    } catch {
      // Thrown here, out of the server's request listener, it would end the process: the route
      // meets the same failure inside Fastify, which answers and logs it.
      return false;
    }
    if (!body) return false;
    const reqId = requestIdOf(req);
    res.writeHead(200, headersOf(reqId, body.length));
    res.end(body);
    const elapsed = performance.now() - started;
    observe('GET', ROUTE, 200, elapsed / 1000);
    // The line plugins/request-log.ts writes, with the request id where Fastify's child logger puts it.
    if (logsRequests(log)) {
      lineLog.info({ reqId, method: 'GET', url: req.url, statusCode: 200, responseTime: Math.round(elapsed * 10) / 10 }, 'request completed');
    }
    return true;
  };
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts set as Fastify sets
 * them), whose requests meet the door first. The door opens once the services it reads exist;
 * until then every request goes to Fastify.
 */
export function frontDoorServer() {
  let door: FrontDoor | undefined;
  return {
    serverFactory(handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions): Server {
      const server = createServer((req, res) => {
        if (!door?.(req, res)) handler(req, res);
      });
      // Fastify has applied its defaults to these before calling the factory.
      server.keepAliveTimeout = options.keepAliveTimeout!;
      server.requestTimeout = options.requestTimeout!;
      server.setTimeout(options.connectionTimeout!);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    open(next: FrontDoor) {
      door = next;
    },
  };
}
