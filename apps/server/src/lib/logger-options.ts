/**
 * The app's pino options: the level, secrets redacted, and the request serializer that keeps
 * patients' emails and link tokens out of logged URLs.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { redactUrl } from './redact-url.ts';

export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    // Belt and braces: no request/response serializer logs headers, but if anyone adds one,
    // secrets stay out of the logs.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's own request serializer, with patients' emails taken out of the URL.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
