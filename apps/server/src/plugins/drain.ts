/**
 * Shutting down without dropping work (server.ts drives it on SIGTERM, within its grace period).
 * Once the app starts closing, the listening socket is closed (no new connections), requests in
 * flight run to their answers, and a request that still arrives on an open keep-alive connection
 * is answered 503 problem+json with Retry-After and `Connection: close` (Fastify's own answer
 * would be plain JSON: `return503OnClosing` is off in app.ts). Keep-alive connections left idle
 * are closed shortly after nothing is in flight, so the process never waits on clients that just
 * keep a connection open. Shortly, not at once: a client that has just had its answer sends its
 * next request on the same connection within moments, and closing the connection under it would
 * leave that client not knowing whether its request arrived; a 503 tells it.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@clinic/shared';
import { titleFor } from '../lib/app-error.ts';
import { sendProblem } from './error-handler.ts';

export interface Drain {
  /** Refuse new requests from now on (the app's preClose does it; server.ts may do it earlier). */
  begin(): void;
  isDraining(): boolean;
  /** Requests received whose answer has not finished (or whose connection has not closed). */
  inFlight(): number;
  /** Requests answered 503 because they arrived while draining. */
  refused(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/** How long idle keep-alive connections stay open once nothing is in flight, for the next requests to be told 503. */
const IDLE_LINGER_MS = 250;

export function registerDrain(app: FastifyInstance, { retryAfterSeconds }: { retryAfterSeconds: number }) {
  let isDraining = false;
  let inFlight = 0;
  let refused = 0;
  const closeIdle = () => {
    if (inFlight === 0) app.server.closeIdleConnections();
  };
  // A response emits 'close' once, whether it finished or its connection was cut: the count
  // cannot drift when clients hang up mid-request.
  const settled = () => {
    inFlight--;
    if (isDraining && inFlight === 0) setTimeout(closeIdle, IDLE_LINGER_MS);
  };
  app.decorate('drain', {
    begin() {
      isDraining = true;
      if (inFlight === 0) setTimeout(closeIdle, IDLE_LINGER_MS);
    },
    isDraining: () => isDraining,
    inFlight: () => inFlight,
    refused: () => refused,
  } satisfies Drain);

  app.addHook('onRequest', (_request, reply, done) => {
    inFlight++;
    reply.raw.once('close', settled);
    if (!isDraining) return done();
    refused++;
    // Answered from the hook: the route's own hooks and handler never run.
    void sendProblem(
      reply.header('connection', 'close'),
      {
        title: titleFor(503),
        status: 503,
        detail: 'The server is restarting. Please try again in a moment.',
        code: ErrorCode.UNAVAILABLE,
      },
      { 'retry-after': String(retryAfterSeconds) },
    );
  });
  app.addHook('preClose', (done) => {
    app.drain.begin();
    done();
  });
}
