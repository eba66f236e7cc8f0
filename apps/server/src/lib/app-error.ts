/**
 * The one error type services throw. The error handler maps its code to an HTTP status and
 * renders problem+json; nothing else decides statuses.
 */
import { ErrorCode } from '@clinic/shared';

const statusByCode: Record<ErrorCode, number> = {
  [ErrorCode.VALIDATION]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.AUTH_FAILED]: 401,
  [ErrorCode.REAUTH_REQUIRED]: 401,
  [ErrorCode.PAYMENT_DECLINED]: 402,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.TWO_FACTOR_REQUIRED]: 403,
  [ErrorCode.EMAIL_UNVERIFIED]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.HAS_FUTURE_BOOKINGS]: 409,
  [ErrorCode.CANCEL_WINDOW_CLOSED]: 409,
  [ErrorCode.RESCHEDULE_WINDOW_CLOSED]: 409,
  [ErrorCode.BOOKING_NOT_MODIFIABLE]: 409,
  [ErrorCode.PRECONDITION_FAILED]: 412,
  [ErrorCode.BOOKING_LIMIT]: 409,
  [ErrorCode.SLOT_TAKEN]: 409,
  [ErrorCode.WAITLIST_LIMIT]: 409,
  [ErrorCode.OFFER_EXPIRED]: 410,
  [ErrorCode.LINK_EXPIRED]: 410,
  [ErrorCode.LINK_USED]: 409,
  [ErrorCode.CHECK_IN_CLOSED]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.UNAVAILABLE]: 503,
  [ErrorCode.DISK_FULL]: 503,
};

const titleByStatus: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function titleFor(status: number): string {
  return titleByStatus[status] ?? (status >= 500 ? 'Server Error' : 'Request Error');
}

export interface AppErrorOptions {
  /** Per-field messages, for bad input. */
  errors?: Record<string, string[]>;
  /** Extra members of the problem object (RFC 9457 extensions). */
  extra?: Record<string, unknown>;
  /** Response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    detail?: string,
    options: AppErrorOptions = {},
  ) {
    super(detail ?? titleFor(statusByCode[code]), { cause: options.cause });
    this.status = statusByCode[code];
    this.errors = options.errors;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}
