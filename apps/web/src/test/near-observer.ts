import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** A stand-in IntersectionObserver (jsdom has none) that the test moves into view by hand. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The target comes within the margin of the viewport. */
  near() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/**
 * Stubs IntersectionObserver with FakeObserver and requestIdleCallback with a queue, for every
 * test of the calling file. Returns that queue (emptied in place before each test): a test runs
 * an idle moment with `queue.shift()?.()`.
 */
export function stubNearAndIdle(): (() => void)[] {
  const idle: (() => void)[] = [];
  beforeEach(() => {
    FakeObserver.all = [];
    idle.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  });
  afterEach(() => {
    // WhenNear's queue of idle parts is the module's: let its last idle moments run, so the
    // next test starts empty.
    act(() => {
      while (idle.length) idle.shift()!();
    });
    vi.unstubAllGlobals();
  });
  return idle;
}
