/**
 * TanStack Query defaults from the spec (section 9) and DESIGN.md section 7: a 5-minute cache,
 * 3 retries with exponential backoff capped at 30 s, and never a retry of a 4xx (asking again
 * will not make a bad request or a missing permission good).
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

export const CACHE_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_TIME_MS,
        gcTime: CACHE_TIME_MS,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}
