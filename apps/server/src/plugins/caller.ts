/**
 * Who is calling: the Better Auth session behind the request's cookie or bearer token, read from
 * the database on every request (roles are never trusted from the client). Resolved lazily, at
 * most once per request.
 */
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCode } from '@clinic/shared';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from '../modules/identity/auth.ts';

export interface Caller {
  userId: string;
  email: string;
  name: string;
  role: string;
  sessionId: string;
  isAdmin: boolean;
}

const resolved = new WeakMap<FastifyRequest, Promise<Caller | null>>();

export function createCallerResolver(auth: Auth) {
  async function resolve(request: FastifyRequest): Promise<Caller | null> {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) return null;
    const { user, session } = result;
    const role = (user as { role?: string | null }).role ?? 'user';
    return {
      userId: user.id,
      email: user.email,
      name: user.name,
      role,
      sessionId: session.id,
      isAdmin: role === 'admin',
    };
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

export type CallerResolver = ReturnType<typeof createCallerResolver>;
