/**
 * Security headers on every response, with a Content-Security-Policy that allows no inline
 * script (DESIGN.md section 4), and a same-origin check on cookie-authenticated writes.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { ErrorCode } from '@clinic/shared';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const isHttps = config.publicUrl.startsWith('https://');
  // Stripe Elements (only when Stripe is configured) loads its script and iframes from Stripe.
  const stripe = config.stripe
    ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] }
    : { script: [], frame: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        // React style attributes and the toast library's injected styles; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...stripe.connect],
        frameSrc: ["'self'", ...stripe.frame],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // On plain-http installations (a clinic's LAN, tests) upgrading would break every load.
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    hsts: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // Cookies ride along on cross-site requests; a write that relies on one must come from our own
  // pages. (Bearer-token requests cannot be forged by another site, so they pass.)
  const trusted = new Set(config.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!request.headers.cookie || request.headers.authorization) return;
    const origin = request.headers.origin;
    if (origin && !trusted.has(origin)) {
      throw new AppError(ErrorCode.FORBIDDEN, 'Cross-site request refused.');
    }
  });
}
