/**
 * Who is calling: the Better Auth session behind the request's cookie or bearer token, read from
 * the database on every request (roles are never trusted from the client). Resolved lazily, at
 * most once per request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BetterAuthOptions } from 'better-auth';
import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCode, adminTwoFactorTexts } from '@clinic/shared';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from '../modules/identity/auth.ts';

export interface Caller {
  userId: string;
  email: string;
  name: string;
  role: string;
  sessionId: string;
  /** Sign-in asks this account for a second factor (an authenticator app's code). */
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  /** The account's email address is proven (a followed link, Google, or made by the operator). */
  emailVerified: boolean;
}

const resolved = new WeakMap<FastifyRequest, Promise<Caller | null>>();

/** What the caller is made of: Better Auth's session and its user, from either path below. */
interface SignedInSession {
  session: { id: string; token: string; createdAt: Date | string };
  user: {
    id: string;
    email: string;
    name: string;
    role?: string | null;
    emailVerified?: boolean | null;
    twoFactorEnabled?: boolean | null;
  };
}

function toCaller({ user, session }: SignedInSession): Caller {
  const role = user.role ?? 'user';
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role,
    sessionId: session.id,
    twoFactorEnabled: user.twoFactorEnabled === true,
    isAdmin: role === 'admin',
    emailVerified: user.emailVerified === true,
  };
}

/** A session token signed as Better Auth signs its cookie: `<token>.<base64 HMAC-SHA256>`. */
const SIGNED_TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9+/]{43}=)$/;

/**
 * `sessionMaxAgeMs` (SESSION_MAX_AGE_DAYS): a session older than this is over, however recently
 * it was used. Better Auth's own lifetime slides with every use; this one does not.
 */
export function createCallerResolver(auth: Auth, { sessionMaxAgeMs }: { sessionMaxAgeMs: number }) {
  /** A session past its absolute lifetime is deleted, so Better Auth's own endpoints refuse it too. */
  async function outlived(session: SignedInSession['session']): Promise<boolean> {
    if (new Date(session.createdAt).valueOf() + sessionMaxAgeMs > Date.now()) return false;
    await (await auth.$context).internalAdapter.deleteSession(session.token);
    return true;
  }

  /**
   * The common case of a bearer token, without Better Auth's request machinery: its endpoint
   * context, the bearer plugin's re-signed cookie and two WebCrypto verifications on the thread
   * pool were most of an authenticated request's CPU under load (issue 6). The same checks, in
   * the same order: the signature, then the session and its user read from the database, then
   * its expiry. Anything else (no or another kind of token, a bad signature, which Better Auth
   * answers from the cookie instead, an expired session it deletes, a session due for its
   * refresh write) goes through `auth.api.getSession` as before: `undefined` says so.
   */
  async function fromBearer(request: FastifyRequest): Promise<Caller | null | undefined> {
    const header = request.headers.authorization;
    if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
    const raw = header.slice(7).trim();
    const match = SIGNED_TOKEN.exec(raw.includes('%') ? safeDecode(raw) : raw);
    if (!match) return undefined;
    const context = await auth.$context;
    const [, token, signature] = match as unknown as [string, string, string];
    const expected = createHmac('sha256', context.secret).update(token).digest();
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

    const found = await context.internalAdapter.findSession(token);
    if (!found) return null;
    const now = Date.now();
    const { expiresIn, updateAge } = context.sessionConfig;
    const expiresAt = found.session.expiresAt.valueOf();
    const dueForRefresh =
      expiresAt - expiresIn * 1000 + updateAge * 1000 <= now && !(context.options as BetterAuthOptions).session?.disableSessionRefresh;
    if (expiresAt < now || dueForRefresh) return undefined;
    if (await outlived(found.session)) return null;
    return toCaller(found);
  }

  async function resolve(request: FastifyRequest): Promise<Caller | null> {
    const fast = await fromBearer(request);
    if (fast !== undefined) return fast;
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result || (await outlived(result.session))) return null;
    return toCaller(result);
  }

  const optionalCaller = (request: FastifyRequest): Promise<Caller | null> => {
    let pending = resolved.get(request);
    if (!pending) {
      pending = resolve(request);
      resolved.set(request, pending);
    }
    return pending;
  };

  return {
    optionalCaller,
    /** The signed-in caller, or 401. */
    async requireCaller(request: FastifyRequest): Promise<Caller> {
      const caller = await optionalCaller(request);
      if (!caller) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
      return caller;
    },
    /** A signed-in admin, or 401 / 403. */
    async requireAdmin(request: FastifyRequest): Promise<Caller> {
      const caller = await optionalCaller(request);
      if (!caller) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
      if (!caller.isAdmin) throw new AppError(ErrorCode.FORBIDDEN, 'Only admins may do this.');
      return caller;
    },
  };
}

/** Who may call a route, declared on it as `config: { access }`; routes without one are public. */
export type RouteAccess = 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * Refuses callers a route does not admit (401 or 403) before anything reads the request's body,
 * parameters or query: an unauthorised caller learns nothing about what valid input looks like.
 * An onRequest hook runs before the body is parsed and validated. The caller it resolves is
 * memoised, so handlers still ask `requireCaller` / `requireAdmin` for it at no cost.
 *
 * `requireAdminTwoFactor` (REQUIRE_ADMIN_2FA): admin routes also refuse an admin whose account
 * has no two-step sign-in, so that a stolen admin password alone opens nothing.
 */
export function registerAccessControl(
  app: FastifyInstance,
  callers: CallerResolver,
  options: { requireAdminTwoFactor?: boolean } = {},
) {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'admin') {
      const caller = await callers.requireAdmin(request);
      if (options.requireAdminTwoFactor && !caller.twoFactorEnabled) {
        throw new AppError(ErrorCode.TWO_FACTOR_REQUIRED, adminTwoFactorTexts.required);
      }
    } else if (access === 'signed-in') await callers.requireCaller(request);
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export type CallerResolver = ReturnType<typeof createCallerResolver>;
