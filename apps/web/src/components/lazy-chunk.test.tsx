import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@clinic/shared';
import { CHUNK_LOAD_TIMEOUT_MS, retryableLazy } from '../lib/retryable-lazy.ts';
import { LazyChunk } from './lazy-chunk.tsx';

function LoadedPage() {
  return <p>Loaded page</p>;
}

function OtherPage() {
  return <p>Other page</p>;
}

// React reports errors its boundaries catch through console.error; here they are expected.
const ignoreCaughtErrors = { onCaughtError: () => {} };

describe('LazyChunk', () => {
  it('shows the loaded component', async () => {
    render(<LazyChunk chunk={retryableLazy(async () => ({ default: LoadedPage }))} />);
    expect(await screen.findByText('Loaded page')).toBeInTheDocument();
  });

  it('passes props on to the loaded component', async () => {
    function Greeting({ name }: { name: string }) {
      return <p>Hello {name}</p>;
    }
    render(
      <LazyChunk
        chunk={retryableLazy(async () => ({ default: Greeting }))}
        props={{ name: 'Pat' }}
      />,
    );
    expect(await screen.findByText('Hello Pat')).toBeInTheDocument();
  });

  it('preload fetches the code once, before it is shown, and a failed preload is not fatal', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof LoadedPage }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: LoadedPage });
    const chunk = retryableLazy(load);

    chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);

    render(<LazyChunk chunk={chunk} />);
    expect(await screen.findByText('Loaded page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the new page when the chunk changes in place (a route change)', async () => {
    const first = retryableLazy(async () => ({ default: LoadedPage }));
    const second = retryableLazy(async () => ({ default: OtherPage }));
    const { rerender } = render(<LazyChunk chunk={first} />);
    expect(await screen.findByText('Loaded page')).toBeInTheDocument();

    rerender(<LazyChunk chunk={second} />);
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.queryByText('Loaded page')).not.toBeInTheDocument();

    rerender(<LazyChunk chunk={first} />);
    expect(await screen.findByText('Loaded page')).toBeInTheDocument();
  });

  it("shows 'Loading chunk failed' when the chunk fails, and Retry loads it again", async () => {
    const user = userEvent.setup();
    const load = vi
      .fn<() => Promise<{ default: typeof LoadedPage }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: LoadedPage });
    render(<LazyChunk chunk={retryableLazy(load)} />, ignoreCaughtErrors);

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.loadingChunkFailed);
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Loaded page')).toBeInTheDocument();
    expect(screen.queryByText(texts.loadingChunkFailed)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('treats a chunk that has not arrived after 120 s as failed', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<{ default: typeof LoadedPage }>(() => {});
    render(<LazyChunk chunk={retryableLazy(never)} />, ignoreCaughtErrors);

    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText(texts.loadingChunkFailed)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(texts.loadingChunkFailed)).toBeInTheDocument();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});
