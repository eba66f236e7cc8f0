/**
 * `GET /metrics` for Prometheus. With METRICS_TOKEN set, only a scraper sending it as a Bearer
 * token. Without it, only this machine (the connection's own address: X-Forwarded-For is the
 * client's word), and only where that address means something: behind a proxy (TRUST_PROXY set)
 * a proxy on this machine makes every client look local, and a server listening beyond loopback
 * (HOST) may be reached through one the setting does not name; there the metrics are off.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@clinic/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Metrics } from './metrics.ts';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Whether HOST listens on this machine only (`localhost`, 127.x, ::1); `0.0.0.0` and `::` listen everywhere. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '0:0:0:0:0:0:0:1' || isLoopback(name);
}

/**
 * How /metrics is guarded: by the token; by the connection's address (loopback only); or off,
 * when no token is set and the address cannot tell this machine's scraper from a visitor
 * (behind a proxy, or listening beyond loopback). Answers why, for the start-up warning.
 */
export function metricsExposure(
  settings: Pick<Config, 'metricsToken' | 'trustProxy' | 'host'>,
): { kind: 'token' | 'loopback' } | { kind: 'off'; reason: string } {
  if (settings.metricsToken) return { kind: 'token' };
  const { trustProxy } = settings;
  const behindProxy = trustProxy !== false && trustProxy !== 0 && !(Array.isArray(trustProxy) && trustProxy.length === 0);
  if (behindProxy) return { kind: 'off', reason: 'TRUST_PROXY is set, so a proxy on this machine makes every client look local' };
  if (!isLoopbackHost(settings.host)) return { kind: 'off', reason: `HOST ${settings.host} listens beyond this machine` };
  return { kind: 'loopback' };
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

export async function metricsRoutes(
  app: FastifyInstance,
  opts: { metrics: Metrics; config: Pick<Config, 'metricsToken' | 'trustProxy' | 'host'> },
) {
  const exposure = metricsExposure(opts.config);
  if (exposure.kind === 'off') {
    app.log.warn(
      { metrics: 'off' },
      `GET /metrics is off (404): ${exposure.reason} and METRICS_TOKEN is not set. To scrape it, set ` +
        'METRICS_TOKEN to a secret of 16 characters or more and send it as "Authorization: Bearer <token>".',
    );
  }
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (METRICS_TOKEN as a Bearer token; without it, from this machine only, and off behind a proxy or beyond loopback)',
      },
    },
    async (request, reply) => {
      // Off is a 404 to everyone, this machine included: no caller can be let in without a token,
      // so it is not a refusal of this one, and a prober learns nothing of what runs here.
      if (exposure.kind === 'off') throw new AppError(ErrorCode.NOT_FOUND, 'The metrics are off until METRICS_TOKEN is set.');
      const access = metricsAccess(opts.config.metricsToken, request.headers.authorization, request.socket.remoteAddress);
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
