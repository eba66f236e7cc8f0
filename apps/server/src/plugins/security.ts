/**
 * Security headers on every response, with a Content-Security-Policy that allows no inline
 * script (DESIGN.md section 4), and a same-origin check on cookie-authenticated writes.
 *
 * The headers are helmet's, but they are the same on every answer: helmet computes them once at
 * start-up and each request gets the finished set. Running helmet's middleware per request (as
 * @fastify/helmet does) was the most expensive piece of the stack on a bare route (figures:
 * docs/benchmarks.md, "helmet once, not per request").
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { ErrorCode } from '@clinic/shared';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/** Registers the security headers and the cross-site check; answers the headers every response carries. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<Readonly<Record<string, string>>> {
  const isHttps = config.publicUrl.startsWith('https://');
  // Stripe Elements (only when Stripe is configured) loads its script and iframes from Stripe.
  const stripe = config.stripe
    ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] }
    : { script: [], frame: [], connect: [] };
  const options: Parameters<typeof helmet>[0] = {
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
  };
  const headers = computeHelmetHeaders(options);
  headers['permissions-policy'] = permissionsPolicy(Boolean(config.stripe));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Cookies ride along on cross-site requests: a write that carries one must come from our own
  // pages, whatever else it carries. An Authorization header proves nothing here, because a bad
  // bearer token falls back to the cookie (modules/identity/caller.ts). Without an Origin header, the
  // browser's Sec-Fetch-Site says where the request came from. Requests without a cookie (API
  // clients with a bearer token, Stripe's webhook) cannot ride on a patient's session: they pass.
  const trusted = new Set(config.trustedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCrossSiteCookieWrite(request.method, request.headers, trusted) ? new AppError(ErrorCode.FORBIDDEN, 'Cross-site request refused.') : undefined);
  });
  return headers;
}

/**
 * The browser features this site never uses are off for it and anything it embeds. Payment
 * stays open to Stripe's frames when Stripe is configured (wallets in Elements ask for it).
 * Only features Chrome knows: an unknown one is a console error on every page.
 */
export function permissionsPolicy(hasStripe: boolean): string {
  const off = ['accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid', 'magnetometer', 'microphone', 'midi', 'serial', 'usb'];
  const payment = hasStripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()';
  return [...off.map((feature) => `${feature}=()`), payment].join(', ');
}

/** Whether a state-changing request carries a cookie and comes from another site. */
export function isCrossSiteCookieWrite(
  method: string,
  headers: IncomingHttpHeaders,
  trustedOrigins: ReadonlySet<string>,
): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (!headers.cookie) return false;
  const origin = headers.origin;
  if (origin !== undefined) return !trustedOrigins.has(origin);
  const site = headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** Runs helmet once against a stand-in response and keeps the headers it set. */
export function computeHelmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
