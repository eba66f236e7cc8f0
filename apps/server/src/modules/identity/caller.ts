/**
 * Who is calling: the Better Auth session behind the request's cookie or bearer token, read from
 * the database on every request (roles are never trusted from the client). Resolved lazily, at
 * most once per request. With the fast paths on, a signed bearer token is read by the bearer
 * fast path (bearer-fast-path.ts), everything else by Better Auth.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCode, adminTwoFactorTexts } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from './auth.ts';
import type { BearerSessionReader } from './bearer-fast-path.ts';

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

export interface CallerResolverOptions {
  /**
   * SESSION_MAX_AGE_DAYS: a session older than this is over, however recently it was used.
   * Better Auth's own lifetime slides with every use; this one does not.
   */
  sessionMaxAgeMs: number;
  /** Ends a session by its token (one past its absolute lifetime). */
  deleteSession: (token: string) => Promise<void>;
  /** The bearer fast path (FAST_PATHS), or none: every caller then goes through Better Auth. */
  fastPath?: BearerSessionReader;
}

export function createCallerResolver(auth: Auth, { sessionMaxAgeMs, deleteSession, fastPath }: CallerResolverOptions) {
  /** A session past its absolute lifetime is deleted, so Better Auth's own endpoints refuse it too. */
  async function outlived(session: SignedInSession['session']): Promise<boolean> {
    if (new Date(session.createdAt).valueOf() + sessionMaxAgeMs > Date.now()) return false;
    await deleteSession(session.token);
    return true;
  }

  async function resolve(request: FastifyRequest): Promise<Caller | null> {
    const fast = await fastPath?.(request.headers);
    if (fast === null) return null;
    if (fast !== undefined) {
      const { user, ...session } = fast;
      return (await outlived(session)) ? null : toCaller({ session, user });
    }
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

export type CallerResolver = ReturnType<typeof createCallerResolver>;
