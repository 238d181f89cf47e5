import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_DEBOUNCE_MS } from './use-project-list-state';
import { useDebouncedCallback } from './use-debounced-callback';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedCallback', () => {
  it('runs once with the last arguments after calls stop for the delay', () => {
    const fn = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(fn, FILTER_DEBOUNCE_MS));
    const [run] = result.current;
    act(() => run('a'));
    act(() => void vi.advanceTimersByTime(200));
    act(() => run('ab'));
    act(() => void vi.advanceTimersByTime(299));
    expect(fn).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
  });

  it('can be cancelled, and never runs after unmount', () => {
    const fn = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(fn, FILTER_DEBOUNCE_MS));
    act(() => result.current[0]('x'));
    act(() => result.current[1]());
    act(() => void vi.advanceTimersByTime(1000));
    act(() => result.current[0]('y'));
    unmount();
    act(() => void vi.advanceTimersByTime(1000));
    expect(fn).not.toHaveBeenCalled();
  });

  it('uses 300 ms for the project filters (specification section 9)', () => {
    expect(FILTER_DEBOUNCE_MS).toBe(300);
  });
});
