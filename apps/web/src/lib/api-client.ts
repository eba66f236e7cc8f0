/**
 * The one way the web app talks to the API: same origin under `/api`, JSON in and out (or a
 * FormData upload), the session cookie sent automatically and the stored access token as a
 * bearer header.
 * Failures become an `ApiError` built from the server's application/problem+json body.
 */
import type { Problem } from '@clinic/shared';
import { getAccessToken } from './token-storage.ts';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string | undefined;
  /** Messages per form field, for bad input (400). */
  readonly errors: Record<string, string[]>;
  /**
   * The whole parsed response body (undefined when it was not JSON). Some answers carry more than
   * the problem fields: a booking conflict (409) also names the booking in the way.
   */
  readonly body: unknown;

  constructor(
    problem: Pick<Problem, 'status' | 'title' | 'code'> & Partial<Problem>,
    body?: unknown,
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.detail = problem.detail;
    this.errors = problem.errors ?? {};
    this.body = body;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What to tell a user about a failed call: the server's detail, or a generic line. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Could not reach the clinic server. Please check your connection and try again.';
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as `If-Match` on a change to a versioned resource. */
  headers?: Record<string, string>;
};

function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).status === 'number' &&
    typeof (value as Problem).title === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const body: unknown = await response.json().catch(() => null);
    if (isProblem(body)) {
      return new ApiError({ ...body, code: body.code ?? 'unknown', status: response.status }, body);
    }
  }
  // A proxy page or an empty body: keep the status so callers can still tell 4xx from 5xx.
  return new ApiError({
    status: response.status,
    title: response.statusText || `Request failed with status ${response.status}`,
    code: response.status >= 500 ? 'internal_error' : 'unknown',
  });
}

/** Sends the request with the bearer token; a failure becomes an ApiError. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: accept });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const isForm = options.body instanceof FormData;
  // A FormData body gets no Content-Type: the browser sets multipart/form-data with its boundary.
  if (options.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');

  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Calls `/api{path}` and resolves with the parsed JSON body (undefined for an empty body). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json, application/problem+json');
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * GETs a file that needs the bearer token (a plain link cannot send it), as a Blob for the page
 * to hand to the browser as a download.
 */
export async function apiBlob(path: string, accept = '*/*', signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, { signal }, `${accept}, application/problem+json`);
  return response.blob();
}

/**
 * GETs a page of a list whose total the server gives in `X-Total-Count` (null when it sends
 * none: the body is then the whole list).
 */
export async function apiGetPage<T>(path: string, signal?: AbortSignal): Promise<{ items: T[]; total: number | null }> {
  const response = await send(path, { signal }, 'application/json, application/problem+json');
  const items = (await response.json()) as T[];
  const header = response.headers.get('x-total-count');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  return { items, total };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body: unknown, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body, headers }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
