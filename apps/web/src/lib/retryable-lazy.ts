/**
 * Code-split components that can be loaded again after a failure. React.lazy remembers a rejected
 * import for good, so a retry needs a fresh lazy component; `retry()` swaps it in. A chunk that has
 * not arrived after 120 s counts as failed (spec section 9, DESIGN.md section 7).
 */
import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

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

export type RetryableLazy<P = object> = {
  readonly Component: LazyExoticComponent<ComponentType<P>>;
  retry(): void;
  /** Starts fetching the code now, so it is there when first shown; a failure waits for then. */
  preload(): void;
};

// `any` as React's own ComponentProps constraint has it: a component of whatever props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function retryableLazy<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): RetryableLazy<ComponentProps<C>> {
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
    preload() {
      // The browser keeps the module: React.lazy's own import() later resolves from it.
      load().catch(() => {});
    },
  };
}
