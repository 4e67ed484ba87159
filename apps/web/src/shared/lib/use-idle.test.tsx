// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './use-idle';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useIdle', () => {
  it('begins its wait only once `after` is true (the screen that must paint first is shown), then stays true', () => {
    // jsdom has no requestIdleCallback: the hook falls back to a short timer.
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ after }) => useIdle(after), { initialProps: { after: false } });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(false);
    rerender({ after: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ after: false });
    expect(result.current).toBe(true);
  });

  it('gives up waiting for an idle moment after its timeout on a page that stays busy', () => {
    vi.useFakeTimers();
    // A browser whose idle moment never comes: only the timeout can call back.
    let idleCallbacks = 0;
    vi.stubGlobal('requestIdleCallback', (callback: () => void, { timeout }: { timeout: number }) => {
      idleCallbacks++;
      return window.setTimeout(callback, timeout);
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => window.clearTimeout(handle));
    const { result } = renderHook(() => useIdle(true, 200));
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    expect(idleCallbacks).toBe(1);
  });
});
