/**
 * Mounts Better Auth at /api/auth/*: only the endpoints the product uses (auth-endpoints.ts),
 * behind our sign-in limits, with its errors rendered as problem+json like every other route.
 */
import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ErrorCode, passwordResetTexts } from '@clinic/shared';
import type { Config } from '../../config.ts';
import { AppError, titleFor } from '../../lib/app-error.ts';
import { sendProblem } from '../../plugins/error-handler.ts';
import type { Auth } from './auth.ts';
import { resolveAuthPath, servedAuthEndpoints } from './auth-endpoints.ts';
import type { AuthAttempt, SecondFactorAttempt, SignInLimits } from './sign-in-limits.ts';
import { createTwoFactorAccountReader } from './two-factor-account.ts';

const LIMITED_ENDPOINTS = new Map<string, AuthAttempt | SecondFactorAttempt>([
  ['/sign-in/email', 'sign-in'],
  // Each checks a code or the password, counted against the account whose second factor it is.
  ['/two-factor/verify-totp', 'two-factor'],
  ['/two-factor/verify-backup-code', 'two-factor'],
  ['/two-factor/enable', 'two-factor'],
  ['/two-factor/disable', 'two-factor'],
  ['/two-factor/generate-backup-codes', 'two-factor'],
  ['/sign-up/email', 'sign-up'],
  ['/request-password-reset', 'password-reset-request'],
  ['/reset-password', 'password-reset'],
  ['/change-password', 'session-password'],
  ['/change-email', 'change-email'],
]);
/**
 * Signing in and out keep working while a full disk refuses writes (plugins/disk-guard.ts): each
 * writes a session row or deletes one, a few hundred bytes, and an admin must be able to sign in
 * to see why nothing can be saved. Signing up, resets and profile changes wait for space.
 */
const SERVED_ON_FULL_DISK = new Set(['/sign-in/email', '/sign-in/social', '/two-factor/verify-totp', '/two-factor/verify-backup-code', '/sign-out']);
const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'set-cookie']);

function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return ErrorCode.VALIDATION;
  if (status === 401) return ErrorCode.AUTH_FAILED;
  if (status === 403) return ErrorCode.FORBIDDEN;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 429) return ErrorCode.RATE_LIMITED;
  return status >= 500 ? ErrorCode.INTERNAL : ErrorCode.AUTH_FAILED;
}

/**
 * The fields of a body holding a NUL byte anywhere in them, which no text column can store:
 * `{ email: [...] }`. Walked without recursion, so no nesting depth can overflow the stack.
 */
function fieldsWithNul(body: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const pending: { value: unknown; field: string }[] = [{ value: body, field: 'body' }];
  while (pending.length > 0) {
    const { value, field } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors[field] = ['Must not contain a NUL character'];
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) pending.push({ value: inner, field: value === body ? key : field });
    }
  }
  return errors;
}

/** Field errors our identity hooks attach to a refusal (auth.ts), passed on as they are. */
function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  const valid = entries.every(([, messages]) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
  return valid && entries.length > 0 ? (value as Record<string, string[]>) : undefined;
}

/**
 * Better Auth's session list with each session's token removed (a token is its session's bearer
 * credential), and `current` marking the session the request came with.
 */
function withoutTokens(text: string, currentToken: string | undefined): string {
  const sessions = JSON.parse(text) as ({ token?: string } & Record<string, unknown>)[];
  return JSON.stringify(sessions.map(({ token, ...rest }) => ({ ...rest, current: token !== undefined && token === currentToken })));
}

export async function identityRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; limits: SignInLimits; config: Config },
) {
  const { auth, limits, config } = opts;
  const served = servedAuthEndpoints({ google: Boolean(config.google) });
  const twoFactorAccount = createTwoFactorAccountReader(auth);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: {
      onFullDisk: (request) => {
        const resolved = resolveAuthPath(request.method, request.url, config.publicUrl, served);
        return resolved.ok && SERVED_ON_FULL_DISK.has(resolved.endpoint.path);
      },
    },
    async handler(request, reply) {
      const resolved = resolveAuthPath(request.method, request.url, config.publicUrl, served);
      if (!resolved.ok && resolved.reason === 'not-canonical') {
        throw new AppError(
          ErrorCode.VALIDATION,
          'This address must be written plainly: no "." or ".." segments and no escaped characters.',
        );
      }
      if (!resolved.ok) throw new AppError(ErrorCode.NOT_FOUND);

      const nul = fieldsWithNul(request.body);
      if (Object.keys(nul).length > 0) {
        throw new AppError(ErrorCode.VALIDATION, 'Some of the data sent is not valid.', { errors: nul });
      }

      const attempt = request.method === 'POST' ? LIMITED_ENDPOINTS.get(resolved.endpoint.path) : undefined;
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      const account =
        attempt === 'two-factor' || attempt === 'session-password' || attempt === 'change-email'
          ? ((await twoFactorAccount(fromNodeHeaders(request.headers))) ?? '')
          : email;
      // A new password ends every other session, whatever the client asked for: whoever knew
      // the old one may be signed in elsewhere.
      const forwarded =
        resolved.endpoint.path === '/change-password' && request.body && typeof request.body === 'object'
          ? { ...(request.body as Record<string, unknown>), revokeOtherSessions: true }
          : request.body;
      const settle = attempt ? await limits.begin(attempt, request.ip, account) : undefined;

      const response = await auth.handler(
        new Request(resolved.url, {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: forwarded === undefined ? undefined : JSON.stringify(forwarded),
        }),
      );
      await settle?.(response.status < 400);

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);

      const text = await response.text();
      if (response.status < 400) {
        // A session's token is its bearer credential: the list of one's sessions never carries them.
        if (resolved.endpoint.path === '/list-sessions') {
          // The request's own session, read as Better Auth reads it: no second parser of its
          // cookie and bearer formats here (a hand-rolled one turned a malformed cookie into a 500).
          const current = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
          return reply.send(withoutTokens(text, current?.session.token));
        }
        return reply.send(text);
      }

      // Better Auth answers `{ code, message }`; the API speaks RFC 9457 everywhere.
      let message: string | undefined;
      let providerCode: string | undefined;
      let errors: Record<string, string[]> | undefined;
      try {
        const parsed = JSON.parse(text) as { message?: string; code?: string; errors?: unknown };
        message = parsed.message;
        providerCode = parsed.code;
        errors = fieldErrors(parsed.errors);
      } catch {
        message = undefined;
      }
      // Better Auth's "Invalid token" says nothing a patient can act on.
      if (providerCode === 'INVALID_TOKEN' && resolved.endpoint.path === '/reset-password') {
        message = passwordResetTexts.invalidLink;
      }
      const status = response.status;
      if (status >= 500) request.log.error({ status, providerCode }, 'identity provider error');
      // Better Auth's own status is kept (a 422 stays a 422); the body is our problem shape,
      // through the one renderer every error goes through.
      return sendProblem(reply, {
        title: titleFor(status),
        status,
        detail: status >= 500 ? 'Something went wrong on our side. Please try again.' : message,
        code: codeForStatus(status),
        ...(providerCode && status < 500 ? { providerCode } : {}),
        ...(errors && status < 500 ? { errors } : {}),
      });
    },
  });
}
