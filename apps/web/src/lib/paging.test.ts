import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageWindow, shownRange } from './paging';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [7, 10, [5, 6, 7, 8, 9]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [5, 5, [1, 2, 3, 4, 5]],
    [40, 4000, [38, 39, 40, 41, 42]],
  ])('page %i of %i shows %j', (current, last, expected) => {
    expect(pageWindow(current, last)).toEqual(expected);
  });

  it('never shows more than five pages and always includes the current one', () => {
    for (let last = 1; last <= 12; last++) {
      for (let current = 1; current <= last; current++) {
        const w = pageWindow(current, last);
        expect(w.length).toBe(Math.min(5, last));
        expect(w).toContain(current);
        expect(w[0]).toBeGreaterThanOrEqual(1);
        expect(w[w.length - 1]).toBeLessThanOrEqual(last);
      }
    }
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 8)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('counting', () => {
  it('has at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(300, 25)).toBe(12);
  });
  it('clamps pages', () => {
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(-2, 3)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });
  it('gives the shown range', () => {
    expect(shownRange(1, 25, 300)).toEqual({ from: 1, to: 25 });
    expect(shownRange(12, 25, 290)).toEqual({ from: 276, to: 290 });
    expect(shownRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
  });
});
