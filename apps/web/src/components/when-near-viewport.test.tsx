import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WhenNearViewport } from './when-near-viewport.tsx';

type Callback = (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void;

describe('WhenNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until it comes near the viewport, then the content', () => {
    let report: Callback = () => {};
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback, options: IntersectionObserverInit) {
          report = callback;
          expect(options.rootMargin).toBe('800px');
        }
        observe = observe;
        disconnect() {}
      },
    );
    render(
      <WhenNearViewport placeholder={<p>Placeholder</p>}>
        <p>Content</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('Placeholder')).toBeInTheDocument();
    expect(observe).toHaveBeenCalledOnce();

    act(() => report([{ isIntersecting: false }]));
    expect(screen.queryByText('Content')).not.toBeInTheDocument();

    act(() => report([{ isIntersecting: true }]));
    expect(screen.getByText('Content')).toBeInTheDocument();
    expect(screen.queryByText('Placeholder')).not.toBeInTheDocument();
  });

  it('renders the content at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearViewport placeholder={<p>Placeholder</p>}>
        <p>Content</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('Content')).toBeInTheDocument();
  });
});
