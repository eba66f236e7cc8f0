/**
 * Code-split components that can be loaded again after a failure. React.lazy remembers a rejected
 * import for good, so a retry needs a fresh lazy component; `retry()` swaps it in. A chunk that has
 * not arrived after 120 s counts as failed (spec section 9, DESIGN.md section 7).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A route or widget's code could not be loaded (network, a deploy that removed it, a timeout). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export type RetryableLazy = {
  readonly Component: LazyExoticComponent<ComponentType>;
  retry(): void;
};

export function retryableLazy(load: () => Promise<{ default: ComponentType }>): RetryableLazy {
  const create = () =>
    lazy(() =>
      withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).catch((error: unknown) => {
        throw new ChunkLoadError(error);
      }),
    );
  let current = create();
  return {
    get Component() {
      return current;
    },
    retry() {
      current = create();
    },
  };
}
