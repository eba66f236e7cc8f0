import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

const apiError = (status: number) => new ApiError({ status, title: 'x', code: 'x' });

describe('query defaults', () => {
  it('retries network and server failures three times, never a 4xx', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(true);
    expect(shouldRetry(3, apiError(503))).toBe(false);
    expect(shouldRetry(0, apiError(401))).toBe(false);
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(429))).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('caches for 5 minutes', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60 * 1000);
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
  });
});
