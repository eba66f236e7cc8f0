import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLED_MS, useHasInteracted } from './use-has-interacted.ts';

describe('useHasInteracted', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true at the first tap, not before', () => {
    const { result } = renderHook(() => useHasInteracted());
    expect(result.current).toBe(false);
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    expect(result.current).toBe(true);
  });

  it('turns true at the first key press', () => {
    const { result } = renderHook(() => useHasInteracted());
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
    expect(result.current).toBe(true);
  });

  it('turns true once the page has settled, without a tap', () => {
    const { result } = renderHook(() => useHasInteracted());
    act(() => void vi.advanceTimersByTime(SETTLED_MS - 1));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
