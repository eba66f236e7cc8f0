/**
 * One log line per request, at info, once its answer is sent: how a clinic answers "what happened
 * at 9:14". Fastify's own request logging (a line when a request arrives, another when it is
 * answered, each with the request and response serialized) is turned off in app.ts; this line
 * carries what an operator reads, and nothing more: the request id (Fastify's `reqId`, also sent
 * back as the `x-request-id` header), the method, the URL with patients' emails taken out
 * (lib/redact-url.ts), the status and the response time in milliseconds.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { redactUrl } from '../lib/redact-url.ts';

const INFO = pino.levels.values.info!;

/**
 * Whether a request's line is written: checked per request (the level may be changed while the
 * server runs); below info, not even the URL is redacted.
 */
export function logsRequests(log: FastifyBaseLogger): boolean {
  return (pino.levels.values[log.level] ?? Infinity) <= INFO;
}

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (logsRequests(request.log)) {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
    }
    done();
  });
}
