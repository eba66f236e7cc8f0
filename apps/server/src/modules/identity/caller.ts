/**
 * Who is calling: the Better Auth session behind the request's cookie or bearer token, read from
 * the database on every request (roles are never trusted from the client). Resolved lazily, at
 * most once per request. With the fast paths on, a signed bearer token is read by the bearer
 * fast path (bearer-fast-path.ts), everything else by Better Auth.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCode, type Locale, type Role, adminTwoFactorTexts, isLocale, parseRole } from '@clinic/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from './auth.ts';
import type { BearerSessionReader } from './bearer-fast-path.ts';
import { type Capability, actingRole, roleMayUse, scopeOf, staffNeedsTwoFactor } from './permissions.ts';

export interface Caller {
  userId: string;
  email: string;
  name: string;
  /** The account's role as stored; what it may do is `permissions.ts`'s `scopeOf` (and `isAdmin`). */
  role: Role;
  /** The doctor a `doctor` account works as (its lane); null for everyone else. */
  doctorId?: string | null;
  sessionId: string;
  /** Sign-in asks this account for a second factor (an authenticator app's code). */
  twoFactorEnabled: boolean;
  /**
   * The caller has the owner's powers (`clinicAdmin`): everything an admin may see or do that a
   * patient may not. With REQUIRE_STAFF_2FA, a staff account without two-step sign-in has none
   * of its role's powers (`staffNeedsTwoFactor`).
   */
  isAdmin: boolean;
  /**
   * A staff account held to a patient's access until it signs in with a second factor (absent:
   * no, as in a service test's hand-made caller).
   */
  staffNeedsTwoFactor?: boolean;
  /** The account's email address is proven (a followed link, Google, or made by the operator). */
  emailVerified: boolean;
  /** The language the account chose for its mails; null (or absent): the clinic's DEFAULT_LOCALE. */
  locale?: Locale | null;
}

const resolved = new WeakMap<FastifyRequest, Promise<Caller | null>>();

/** What the caller is made of: Better Auth's session and its user, from either path below. */
interface SignedInSession {
  session: {
    id: string;
    token: string;
    createdAt: Date | string;
    /** The sign-in that made the session passed a second factor (auth.ts, session create hook). */
    secondFactorVerified?: boolean | null;
  };
  user: {
    id: string;
    email: string;
    name: string;
    role?: string | null;
    doctorId?: string | null;
    emailVerified?: boolean | null;
    twoFactorEnabled?: boolean | null;
    locale?: string | null;
  };
}

/**
 * The caller a session makes. `requireStaffTwoFactor` (REQUIRE_STAFF_2FA): a staff role counts
 * only for an account with two-step sign-in on, in a session whose sign-in passed the second
 * factor (not one made by the password alone before it was on, nor by Google); otherwise the
 * caller is treated as a patient everywhere, so that no route that widens access by role (a
 * patient's bookings, their history, a doctor's day) is left open to a stolen staff password.
 */
export function toCaller({ user, session }: SignedInSession, requireStaffTwoFactor = false): Caller {
  const role = parseRole(user.role);
  const twoFactorEnabled = user.twoFactorEnabled === true;
  const needsTwoFactor = staffNeedsTwoFactor(role, {
    requireStaffTwoFactor,
    twoFactorEnabled,
    sessionPassedSecondFactor: session.secondFactorVerified === true,
  });
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role,
    doctorId: role === 'doctor' ? (user.doctorId ?? null) : null,
    sessionId: session.id,
    twoFactorEnabled,
    isAdmin: actingRole({ role, staffNeedsTwoFactor: needsTwoFactor }) === 'admin',
    staffNeedsTwoFactor: needsTwoFactor,
    emailVerified: user.emailVerified === true,
    locale: isLocale(user.locale) ? user.locale : null,
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
  /** REQUIRE_STAFF_2FA: a staff role's powers only with two-step sign-in (toCaller). */
  requireStaffTwoFactor?: boolean;
}

export function createCallerResolver(
  auth: Auth,
  { sessionMaxAgeMs, deleteSession, fastPath, requireStaffTwoFactor = false }: CallerResolverOptions,
) {
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
      return (await outlived(session)) ? null : toCaller({ session, user }, requireStaffTwoFactor);
    }
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result || (await outlived(result.session))) return null;
    return toCaller(result, requireStaffTwoFactor);
  }

  const optionalCaller = (request: FastifyRequest): Promise<Caller | null> => {
    let pending = resolved.get(request);
    if (!pending) {
      pending = resolve(request);
      resolved.set(request, pending);
    }
    return pending;
  };

  /**
   * A signed-in caller whose role may use `capability` (permissions.ts), or 401 / 403:
   * `two_factor_required` for a staff account whose role could, held back by
   * REQUIRE_STAFF_2FA, which says what to do about it. How far it reaches (all, own lane) is
   * the service's to apply with `scopeOf`.
   */
  async function requireCapability(request: FastifyRequest, capability: Capability): Promise<Caller> {
    const caller = await optionalCaller(request);
    if (!caller) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
    if (caller.staffNeedsTwoFactor && roleMayUse(caller.role, capability)) {
      const detail = caller.twoFactorEnabled ? adminTwoFactorTexts.signInWithCode : adminTwoFactorTexts.required;
      // The web offers the way to turn it on only to an account that has it off.
      throw new AppError(ErrorCode.TWO_FACTOR_REQUIRED, detail, { extra: { twoFactorEnabled: caller.twoFactorEnabled } });
    }
    if (scopeOf(caller, capability) === 'none') {
      throw new AppError(ErrorCode.FORBIDDEN, capability === 'clinicAdmin' ? 'Only admins may do this.' : 'Your role may not do this.');
    }
    return caller;
  }

  return {
    optionalCaller,
    /** The signed-in caller, or 401. */
    async requireCaller(request: FastifyRequest): Promise<Caller> {
      const caller = await optionalCaller(request);
      if (!caller) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in first.');
      return caller;
    },
    requireCapability,
    /** `requireCapability(request, 'clinicAdmin')`: the owner's keys. */
    requireAdmin: (request: FastifyRequest): Promise<Caller> => requireCapability(request, 'clinicAdmin'),
  };
}

/**
 * Who may call a route, declared on it as `config: { access }`; routes without one are public.
 * `admin` is the `clinicAdmin` capability, by the name the routes have always used.
 */
export type RouteAccess = 'signed-in' | 'admin' | Exclude<Capability, 'clinicAdmin'>;

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
 * REQUIRE_STAFF_2FA is not a rule of these routes but of the caller (toCaller): a staff account
 * held back by it is a patient everywhere, and its role's routes answer it `two_factor_required`.
 */
export function registerAccessControl(app: FastifyInstance, callers: CallerResolver) {
  // A hook of each route that declares who may call it, added as the route is: a public route
  // (the busiest, /api/available) runs no check at all, not even one that finds nothing to do.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) return;
    const check =
      access === 'signed-in'
        ? async (request: FastifyRequest) => void (await callers.requireCaller(request))
        : async (request: FastifyRequest) => void (await callers.requireCapability(request, access === 'admin' ? 'clinicAdmin' : access));
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
}

export type CallerResolver = ReturnType<typeof createCallerResolver>;
