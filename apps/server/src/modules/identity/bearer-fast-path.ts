/**
 * The common case of a bearer token, read without Better Auth's request machinery: its endpoint
 * context, the bearer plugin's re-signed cookie and two WebCrypto verifications on the thread
 * pool were most of an authenticated request's CPU under load (docs/decisions/006; figures in
 * docs/benchmarks.md). The same checks, in the same order: the token's signature (an HMAC with
 * the auth secret, as Better Auth signs its cookie), then the session and its user read by our
 * own prepared query, then its expiry.
 *
 * It answers only what it is sure of: a session (valid), null (no such session: signed out), or
 * undefined for everything else (no or another kind of token, a bad signature, which Better Auth
 * answers from the cookie instead, an expired session it deletes, a session due for its refresh
 * write), which then goes through Better Auth as if this path did not exist. Simultaneous reads
 * share one query (group commit, as bookings share a transaction): a read that waits a turn for
 * its batch only ever sees newer data, never older.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createGroupCommit, type GroupCommitOptions } from '../../lib/group-commit.ts';
import type { SessionWithUser } from './sessions.repository.ts';

/** A session token signed as Better Auth signs its cookie: `<token>.<base64 HMAC-SHA256>`. */
const SIGNED_TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9+/]{43}=)$/;

export interface BearerFastPathOptions {
  /** The secret Better Auth signs tokens with (AUTH_SECRET). */
  secret: string;
  /** Sessions by token with their users, in one query. */
  readSessions: (tokens: string[]) => Promise<SessionWithUser[]>;
  /** Better Auth's session lifetime and refresh age, as configured in auth.ts. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
  /** How simultaneous reads share one query; without it (group commit off) each reads alone. */
  batching?: GroupCommitOptions;
  now?: () => number;
}

export type BearerSessionReader = (headers: IncomingHttpHeaders) => Promise<SessionWithUser | null | undefined>;

export function createBearerFastPath(options: BearerFastPathOptions): BearerSessionReader {
  const { secret, readSessions, expiresInSeconds, updateAgeSeconds, batching, now = Date.now } = options;
  const readMany = async (tokens: string[]) => {
    const rows = await readSessions([...new Set(tokens)]);
    const byToken = new Map(rows.map((row) => [row.token, row]));
    return tokens.map((token) => byToken.get(token) ?? null);
  };
  const readSession = batching
    ? createGroupCommit(readMany, batching)
    : async (token: string) => (await readMany([token]))[0]!;

  return async (headers) => {
    const header = headers.authorization;
    if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
    const raw = header.slice(7).trim();
    const match = SIGNED_TOKEN.exec(raw.includes('%') ? safeDecode(raw) : raw);
    if (!match) return undefined;
    const [, token, signature] = match as unknown as [string, string, string];
    const expected = createHmac('sha256', secret).update(token).digest();
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

    const found = await readSession(token);
    if (!found) return null;
    const at = now();
    const expiresAt = new Date(found.expiresAt).valueOf();
    const dueForRefresh = expiresAt - expiresInSeconds * 1000 + updateAgeSeconds * 1000 <= at;
    if (expiresAt < at || dueForRefresh) return undefined;
    return found;
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
