/**
 * The parsers of the configuration's composite values (config.ts): TRUST_PROXY and FAST_PATHS,
 * each answering the value or a zod issue that names what is accepted.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's `trustProxy` takes: off, every proxy, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The measured shortcuts FAST_PATHS turns on and off (docs/decisions/016). */
export const FAST_PATH_NAMES = ['bearer', 'group-commit', 'known-holders', 'pglite-yield', 'available-bytes'] as const;
export type FastPath = (typeof FAST_PATH_NAMES)[number];

export function parseFastPaths(value: string, ctx: z.RefinementCtx): ReadonlySet<FastPath> {
  const text = value.trim().toLowerCase();
  if (['on', 'true', '1'].includes(text)) return new Set(FAST_PATH_NAMES);
  if (['off', 'false', '0', 'none'].includes(text)) return new Set();
  const names = text.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(FAST_PATH_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    ctx.addIssue({ code: 'custom', message: `must be on, off, or a comma list of ${FAST_PATH_NAMES.join(', ')}` });
    return z.NEVER;
  }
  return new Set(names as FastPath[]);
}

/** TRUST_PROXY: `false`, `true`, a hop count, or comma-separated addresses and CIDR ranges. */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count or comma-separated addresses/CIDR ranges (not ${invalid.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return entries;
}
