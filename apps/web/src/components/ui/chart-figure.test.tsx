import { act, render, screen, waitFor } from '@testing-library/react';
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
const note = 'Not drawn when printed: the numbers are in the tables below.';
const figure = (r = rows, caption = 'Per month') => (
  <BarsFigure caption={caption} printNote={note} rows={r} bars={bars} format={String} />
);
const print = () => window.dispatchEvent(new Event('beforeprint'));

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

  // Printing (decision 131): a print is laid out right after its `beforeprint` listeners return.
  it('printed before uPlot has come, prints its note instead of an empty box, and fetches uPlot for the next print', async () => {
    // A fresh module: no chart of it has fetched uPlot yet.
    vi.resetModules();
    const { BarsFigure: Fresh } = await import('./chart-figure');
    render(<Fresh caption="Per month" printNote={note} rows={rows} bars={bars} format={String} />);
    act(print);
    expect(made.charts).toBe(0);
    // Hidden on screen, shown on paper (print CSS), only while the chart is not drawn.
    expect(screen.getByText(note)).toHaveClass('hidden', 'print:block');
    // Not drawn on screen meanwhile (it is still far from it), but the next print draws it.
    await new Promise((r) => setTimeout(r, 20));
    expect(made.charts).toBe(0);
    act(() => {
      print();
      expect(made.charts).toBe(1);
    });
    expect(screen.queryByText(note)).toBeNull();
  });

  it('printed once uPlot has come, draws every chart not yet near at once, before the print is laid out', async () => {
    render(
      <>
        {figure(rows, 'Submitted')}
        {figure(rows, 'Inspections')}
      </>,
    );
    // The first chart nears the screen and fetches uPlot; the second stays far below it.
    act(() => watchers[0]!([{ isIntersecting: true }]));
    await waitFor(() => expect(made.charts).toBe(1));
    expect(screen.getAllByText(note)).toHaveLength(1);
    act(() => {
      print();
      // Synchronously, within the event: nothing fetched or scheduled would be in the print.
      expect(made.charts).toBe(2);
    });
    expect(screen.queryByText(note)).toBeNull();
    // Once drawn, it stays drawn: coming near later draws nothing more.
    show();
    await new Promise((r) => setTimeout(r, 20));
    expect(made).toEqual({ charts: 2, destroyed: 0 });
  });
});
