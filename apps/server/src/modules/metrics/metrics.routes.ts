/**
 * `GET /metrics` for Prometheus. With METRICS_TOKEN set, only a scraper sending it as a Bearer
 * token; without it, only this machine (the connection's own address: X-Forwarded-For is the
 * client's word, and behind a proxy on this machine every client would look local).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Metrics } from './metrics.ts';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Who may read the metrics: `allowed`, or why not (401: no or a wrong token; 403: not local). */
export function metricsAccess(
  token: string | undefined,
  authorization: string | undefined,
  socketAddress: string | undefined,
): 'allowed' | 'unauthenticated' | 'forbidden' {
  if (token) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    // Digests have one length whatever was sent, so the comparison takes one time.
    return given !== undefined && timingSafeEqual(digest(given), digest(token)) ? 'allowed' : 'unauthenticated';
  }
  return isLoopback(socketAddress) ? 'allowed' : 'forbidden';
}

export async function metricsRoutes(app: FastifyInstance, opts: { metrics: Metrics; token?: string }) {
  app.get(
    '/metrics',
    { schema: { tags: ['operations'], summary: 'Prometheus metrics (METRICS_TOKEN as a Bearer token, or from this machine only)' } },
    async (request, reply) => {
      const access = metricsAccess(opts.token, request.headers.authorization, request.socket.remoteAddress);
      if (access === 'unauthenticated') {
        throw new AppError(ErrorCode.UNAUTHENTICATED, 'The metrics need the METRICS_TOKEN as a Bearer token.', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      }
      if (access === 'forbidden') {
        throw new AppError(ErrorCode.FORBIDDEN, 'The metrics are served to this machine only; set METRICS_TOKEN to let a scraper elsewhere read them.');
      }
      return reply.header('cache-control', 'no-store').type(opts.metrics.contentType).send(await opts.metrics.render());
    },
  );
}
