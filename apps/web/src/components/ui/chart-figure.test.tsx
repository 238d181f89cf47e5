import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BarsFigure } from './chart-figure';

// uPlot draws on a canvas, which jsdom has not: a stand-in counts the charts made and destroyed.
const made = vi.hoisted(() => ({ charts: 0, destroyed: 0 }));
vi.mock('uplot', () => {
  class FakePlot {
    static pxRatio = 1;
    static paths = { bars: () => () => null };
    root = document.createElement('div');
    constructor() {
      made.charts += 1;
    }
    setSize() {}
    destroy() {
      made.destroyed += 1;
    }
  }
  return { default: FakePlot };
});

/** An IntersectionObserver the test moves by hand: `show()` tells every watcher its box is near. */
const watchers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
class HandObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    watchers.push(this.callback);
  }
  disconnect() {
    const at = watchers.indexOf(this.callback);
    if (at !== -1) watchers.splice(at, 1);
  }
}
const show = () => act(() => [...watchers].forEach((w) => w([{ isIntersecting: true }])));

const rows = [
  { label: 'Jan 2026', submitted: 3, approved: 1 },
  { label: 'Feb 2026', submitted: 5, approved: 2 },
];
const bars = [
  { key: 'submitted' as const, name: 'Submitted', fill: '#1e40af' },
  { key: 'approved' as const, name: 'Approved', fill: '#15803d' },
];
const figure = (r = rows) => <BarsFigure caption="Per month" rows={r} bars={bars} format={String} />;

describe('BarsFigure', () => {
  beforeEach(() => {
    made.charts = 0;
    made.destroyed = 0;
    watchers.length = 0;
    vi.stubGlobal('IntersectionObserver', HandObserver);
    vi.stubGlobal('ResizeObserver', HandObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws its chart only once the chart comes near the screen', async () => {
    render(figure());
    await new Promise((r) => setTimeout(r, 20));
    expect(made.charts).toBe(0);
    show();
    await waitFor(() => expect(made.charts).toBe(1));
  });

  it('keeps its chart through a re-render with the same numbers, and redraws for new ones', async () => {
    const { rerender } = render(figure());
    show();
    await waitFor(() => expect(made.charts).toBe(1));
    rerender(figure(rows.map((r) => ({ ...r }))));
    await new Promise((r) => setTimeout(r, 20));
    expect(made).toEqual({ charts: 1, destroyed: 0 });
    rerender(figure([...rows, { label: 'Mar 2026', submitted: 1, approved: 1 }]));
    show();
    await waitFor(() => expect(made).toEqual({ charts: 2, destroyed: 1 }));
  });
});
