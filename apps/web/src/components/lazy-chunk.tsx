/**
 * Renders a code-split component with a fallback while it loads and, when its chunk fails to load
 * (or takes longer than 120 s), the spec's 'Loading chunk failed' with a Retry button instead of a
 * blank page. Errors other than chunk failures are passed on to the next boundary.
 */
import { Component, Suspense, useState, type ReactNode } from 'react';
import { landingTexts } from '@clinic/shared';
import { ChunkLoadError, type RetryableLazy } from '../lib/retryable-lazy.ts';
import { LoadFailed } from './ui/load-failed.tsx';
import { Spinner } from './ui/spinner.tsx';

type BoundaryProps = { onRetry: () => void; children: ReactNode };
type BoundaryState = { error: unknown };

class ChunkErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    // Not a loading failure: let an outer boundary (the router's error page) handle it.
    if (error && !(error instanceof ChunkLoadError)) throw error;
    if (error) {
      return (
        <LoadFailed
          layout="page"
          message={landingTexts.loadingChunkFailed}
          messageClassName="text-lg font-semibold"
          onRetry={this.retry}
        />
      );
    }
    return this.props.children;
  }
}

type LazyChunkProps<P extends object> = {
  chunk: RetryableLazy<P>;
  /** Shown while the chunk loads; a spinner unless the caller reserves the space itself. */
  fallback?: ReactNode;
  // The loaded component's props: required when it has a required prop.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "P has no required prop"
} & ({} extends P ? { props?: P } : { props: P });

/**
 * The router renders each page's <LazyChunk> at the same place in the tree, so going from one page
 * to another only changes the `chunk` prop. Keying by chunk starts afresh for the new page (its
 * own component, retry count and error state) instead of keeping the previous page on screen.
 */
const chunkKeys = new WeakMap<object, number>();
let nextChunkKey = 0;

function keyOf(chunk: object): number {
  let key = chunkKeys.get(chunk);
  if (key === undefined) {
    key = nextChunkKey++;
    chunkKeys.set(chunk, key);
  }
  return key;
}

export function LazyChunk<P extends object>({ chunk, fallback, props }: LazyChunkProps<P>) {
  return (
    <LoadedChunk
      key={keyOf(chunk)}
      chunk={chunk as RetryableLazy<object>}
      fallback={fallback}
      props={props}
    />
  );
}

type LoadedChunkProps = { chunk: RetryableLazy<object>; fallback?: ReactNode; props?: object };

function LoadedChunk({ chunk, fallback = <Spinner />, props }: LoadedChunkProps) {
  const [Loaded, setLoaded] = useState(() => chunk.Component);
  const [retries, setRetries] = useState(0);
  const retry = () => {
    // Loading again in place keeps the app's state. If that failed too, reload the document:
    // after a deploy the old chunk names are gone and only a fresh index.html knows the new ones.
    if (retries > 0) {
      window.location.reload();
      return;
    }
    chunk.retry();
    setLoaded(() => chunk.Component);
    setRetries(retries + 1);
  };
  return (
    <ChunkErrorBoundary onRetry={retry}>
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
