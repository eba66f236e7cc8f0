/**
 * The one place that turns errors into HTTP answers: RFC 9457 problem+json with a stable `code`,
 * per-field `errors` for bad input, and no internals on a 5xx.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type Problem } from '@clinic/shared';
import { AppError, titleFor } from '../lib/app-error.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-errors.ts';

export function sendProblem(reply: FastifyReply, problem: Problem, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply
    .status(problem.status)
    .type('application/problem+json')
    .send({ type: 'about:blank', ...problem });
}

const codeByStatus: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

/** `/email` -> `email`; a whole-body error -> the part of the request it was about. */
function fieldName(instancePath: string | undefined, context: string | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'body';
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 503 says what is unavailable and that trying again later helps; other 5xx say nothing of ours.
      const isUnavailable = error.status === 503;
      if (error.status >= 500) request.log[isUnavailable ? 'warn' : 'error']({ err: error.cause ?? error }, error.message);
      return sendProblem(
        reply,
        {
          // Extras first: a field of the problem itself (status above all, which becomes the
          // HTTP status) can never be overwritten by an extra of the same name.
          ...error.extra,
          title: titleFor(error.status),
          status: error.status,
          detail: error.status >= 500 && !isUnavailable ? 'Something went wrong on our side. Please try again.' : error.message,
          code: error.code,
          ...(error.errors ? { errors: error.errors } : {}),
        },
        error.headers,
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath ?? '', error.validationContext ?? 'body');
        (errors[name] ??= []).push(issue.message ?? 'is not valid');
      }
      return sendProblem(reply, {
        title: titleFor(400),
        status: 400,
        detail: 'Some of the data sent is not valid.',
        code: ErrorCode.VALIDATION,
        errors,
      });
    }

    // PostgreSQL's data exceptions (SQLSTATE class 22: a NUL byte in text, a value out of
    // range, an impossible date...) come from what the client sent: bad input, not our fault.
    // Drizzle wraps driver errors, so the SQLSTATE is on the cause.
    const sqlState = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      request.log.warn({ sqlState }, 'database refused a value from the request');
      return sendProblem(reply, {
        title: titleFor(400),
        status: 400,
        detail: 'Some of the data sent cannot be stored (for example a control character or a value out of range).',
        code: ErrorCode.VALIDATION,
      });
    }

    // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, {
        title: titleFor(status),
        status,
        detail: error.message,
        code: codeByStatus[status] ?? ErrorCode.VALIDATION,
      });
    }

    // The database cannot serve just now (down, restarting, frozen, full): not the request's
    // fault and not a bug, so a 503 the client may retry, and a warning rather than an error
    // for every request of an outage.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(
        reply,
        {
          title: titleFor(503),
          status: 503,
          detail: 'The clinic’s database cannot be reached just now. Please try again in a moment.',
          code: ErrorCode.UNAVAILABLE,
        },
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }

    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, {
      title: titleFor(500),
      status: 500,
      detail: 'Something went wrong on our side. Please try again.',
      code: ErrorCode.INTERNAL,
    });
  });
}
