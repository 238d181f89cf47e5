import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type uPlot from 'uplot';
import type { AlignedData, Options, Series } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cx } from '../../lib/cx';
import { useWhenNear } from './when-near';

// uPlot itself is fetched by the chart's effect (decision 053: it never reaches a first page).
// uPlot draws on a canvas (decision 065: about 20 KiB gzipped where recharts took 108); the
// numbers are also a table beside every chart, which is what screen readers read (the figure
// is aria-hidden by its callers). The card and the plot's box are drawn at their final size
// before uPlot arrives, so nothing below them moves when it draws (issue 31, decision 107).

/** A chart in its card: the caption, then the chart at the card's width and 16rem high. */
function ChartCard({ caption, wide, children }: { caption: string; wide?: boolean; children: ReactNode }) {
  return (
    <figure
      className={`rounded-lg border border-slate-200 bg-white p-3 shadow-sm print:break-inside-avoid${wide ? ' lg:col-span-2' : ''}`}
    >
      <figcaption className="mb-2 font-semibold text-slate-900">{caption}</figcaption>
      {children}
    </figure>
  );
}

const HEIGHT = 256;
/** One line of uPlot's legend: 14 px text at line-height 1.5 and 4 px padding above and below (uPlot.min.css). */
const LEGEND_LINE = 29;
const AXIS = { stroke: '#334155', grid: { stroke: '#e2e8f0', dash: [3, 3] }, ticks: { stroke: '#cbd5e1' } };

/**
 * On paper a chart drawn at a wide screen's width is scaled down to the page's (its canvas
 * keeps its proportions) instead of running off its edge (decision 131).
 */
const FIT_THE_PAGE =
  'print:[&_.uplot]:max-w-full print:[&_.u-wrap]:max-w-full print:[&_.u-wrap]:h-auto! print:[&_.u-wrap]:overflow-hidden';

type ChartOptions = Omit<Options, 'width' | 'height'>;

/**
 * uPlot once its chunk has come, which the first chart to near the screen fetches: from then
 * on a print draws the page's other charts with it at once (decision 131).
 */
let loaded: typeof uPlot | undefined;
const loadPlot = () => import('uplot').then(({ default: U }) => (loaded = U));

/**
 * One uPlot chart that follows its container's width and is destroyed with it. `chart` is
 * given uPlot once it has loaded (the bars' path builder and the pixel ratio are its).
 * `printNote` is printed in its place while it is not drawn (decision 131).
 */
function UPlotChart({
  chart: build,
  legend,
  printNote,
}: {
  chart: (u: typeof uPlot) => { options: ChartOptions; data: AlignedData };
  legend: boolean;
  printNote: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // uPlot is fetched and the chart drawn only once its box is within a quarter screen of the
  // viewport (decision 122): on a phone the admin dashboard's charts are below the first
  // screen. Not on an idle moment: they are pictures of the tables beside them, which hold
  // the numbers for everyone.
  const near = useWhenNear(box, { idle: false, margin: '25% 0px' });
  const [drawn, setDrawn] = useState(false);
  const drawInBox = useRef<(U: typeof uPlot) => void>(undefined);
  // The chart's life: drawn once by `draw` (when it nears the screen, or for a print), and
  // destroyed with the component or when what it draws changes.
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    let chart: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let gone = false;
    const draw = (U: typeof uPlot) => {
      if (gone || chart) return;
      const { options, data } = build(U);
      chart = new U({ ...options, width: el.clientWidth || 320, height: HEIGHT }, data, el);
      // The legend's first entry is the months' (x) series, which the axis names already.
      const xEntry = chart.root.querySelector<HTMLElement>('.u-legend .u-series');
      if (xEntry) xEntry.style.display = 'none';
      const made = chart;
      resize = new ResizeObserver(() => made.setSize({ width: el.clientWidth, height: HEIGHT }));
      resize.observe(el);
      setDrawn(true);
    };
    drawInBox.current = draw;
    // A print lays the page out right after `beforeprint`, without waiting for anything
    // fetched: a chart not yet near is drawn there and then, synchronously, when uPlot has
    // come. Before that it cannot be: the print shows `printNote` and the tables, and uPlot
    // is fetched now for the next print (decision 131).
    const print = () => {
      if (!loaded) void loadPlot();
      else if (!chart) flushSync(() => draw(loaded!));
    };
    window.addEventListener('beforeprint', print);
    return () => {
      gone = true;
      window.removeEventListener('beforeprint', print);
      resize?.disconnect();
      chart?.destroy();
      setDrawn(false);
    };
  }, [build]);
  useEffect(() => {
    if (!near) return undefined;
    let gone = false;
    // Each chart is drawn from a task of its own, so that uPlot's first run and two charts
    // never make one long task on a phone (bench/page-profile.ts: 279 ms at 4x before).
    void loadPlot().then((U) => {
      if (!gone) setTimeout(() => drawInBox.current?.(U), 0);
    });
    return () => {
      gone = true;
    };
  }, [build, near]);
  // The plot's height, and its legend's line when it has one, held before the chart draws; on
  // paper a chart not drawn leaves no empty box, only its note.
  return (
    <>
      <div
        ref={box}
        className={cx('w-full', FIT_THE_PAGE, !drawn && 'print:min-h-0!')}
        style={{ minHeight: HEIGHT + (legend ? LEGEND_LINE : 0) }}
      />
      {!drawn && <p className="hidden text-sm text-slate-700 print:block">{printNote}</p>}
    </>
  );
}

/**
 * The chart's builder as first given while what it draws (`key`) stays the same, so that a
 * parent's re-render (a refetch, a language file arriving) does not destroy and redraw it.
 */
function useSameWhile<T>(value: T, key: string): T {
  const [kept, setKept] = useState({ key, value });
  if (kept.key !== key) {
    setKept({ key, value });
    return value;
  }
  return kept.value;
}

export interface BarSeries<K extends string> {
  key: K;
  name: string;
  fill: string;
  /** Bars with the same stack sit on top of each other (outcomes of one month). */
  stack?: string;
}

type Rows<K extends string> = ({ label: string } & Record<K, number>)[];

/** About how wide the longest label is, in CSS pixels ("Sep 2026", "၂၀၂၆ စက်တင်ဘာ"). */
const labelPx = (labels: string[]) => 12 + 7 * Math.max(0, ...labels.map((l) => l.length));

/**
 * The month labels along the bottom, at their row's index: every month when they fit, else
 * every second or third one (a 390 px phone shows four or five), always the latest.
 */
function monthAxis(U: typeof uPlot, labels: string[]) {
  return {
    ...AXIS,
    splits: (u: uPlot) => {
      const step = Math.max(1, Math.ceil((labels.length * labelPx(labels)) / Math.max(1, u.bbox.width / U.pxRatio)));
      return labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % step === 0);
    },
    values: (_u: uPlot, ticks: number[]) => ticks.map((t) => labels[t] ?? ''),
  };
}

/**
 * Bars side by side in each month, or stacked: a stack is drawn as running totals, tallest
 * first, so each bar shows above the one below it; the legend shows each series' own count.
 */
function barSeries<K extends string>(
  U: typeof uPlot,
  rows: Rows<K>,
  bars: BarSeries<K>[],
  format: (n: number) => string,
) {
  const stacked = bars.every((b) => b.stack && b.stack === bars[0]!.stack);
  const own = bars.map((b) => rows.map((r) => r[b.key]));
  const drawn = stacked
    ? own.map((_, i) => rows.map((_r, j) => own.slice(0, i + 1).reduce((s, v) => s + v[j]!, 0)))
    : own;
  const order = stacked ? bars.map((_, i) => bars.length - 1 - i) : bars.map((_, i) => i);
  const slot = stacked ? 0.7 : 0.8 / bars.length;
  const series: Series[] = order.map((i, n) => ({
    label: bars[i]!.name,
    fill: bars[i]!.fill,
    stroke: bars[i]!.fill,
    width: 0,
    points: { show: false },
    value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) =>
      idx === null ? '' : format(own[i]![idx]!),
    paths: U.paths.bars!({
      size: [1, Infinity],
      disp: {
        x0: {
          unit: 1,
          values: (u: uPlot) => (u.data[0] as number[]).map((x) => x - 0.4 + (stacked ? 0.05 : n * slot)),
        },
        size: { unit: 1, values: () => [slot] },
      },
    }),
  }));
  return { series, data: [rows.map((_, j) => j), ...order.map((i) => drawn[i]!)] as AlignedData };
}

/** A card with one bar chart of whole counts per month (admin dashboard, public statistics). */
export function BarsFigure<K extends string>({
  caption,
  printNote,
  wide,
  rows,
  bars,
  format,
}: {
  caption: string;
  /** Printed in the chart's place while it is not drawn: where its numbers are (decision 131). */
  printNote: string;
  wide?: boolean;
  rows: Rows<K>;
  bars: BarSeries<K>[];
  format: (n: number) => string;
}) {
  const legend = bars.length > 1;
  const chart = useSameWhile(
    (U: typeof uPlot) => {
      const { series, data } = barSeries(U, rows, bars, format);
      const labels = rows.map((r) => r.label);
      const options = {
        legend: { show: legend },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, rows.length - 0.5] as [number, number] } },
        axes: [
          monthAxis(U, labels),
          { ...AXIS, values: (_u: uPlot, ticks: number[]) => ticks.map((t) => (Number.isInteger(t) ? format(t) : '')) },
        ],
        series: [
          { label: '', value: (_u: uPlot, v: number | null) => (v === null ? '' : (labels[v] ?? '')) },
          ...series,
        ],
      } satisfies ChartOptions;
      return { options, data };
    },
    JSON.stringify([rows, bars, format(1234)]),
  );
  return (
    <ChartCard caption={caption} wide={wide}>
      <UPlotChart chart={chart} legend={legend} printNote={printNote} />
    </ChartCard>
  );
}

/** A card with one line of a figure per month (null where there was none), e.g. median days. */
export function LineFigure<K extends string>({
  caption,
  printNote,
  rows,
  line,
  format,
}: {
  caption: string;
  /** Printed in the chart's place while it is not drawn: where its numbers are (decision 131). */
  printNote: string;
  rows: ({ label: string } & Record<K, number | null>)[];
  line: { key: K; name: string; stroke: string };
  format: (n: number) => string;
}) {
  const labels = rows.map((r) => r.label);
  const chart = useSameWhile(
    (U: typeof uPlot) => ({
      options: {
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, rows.length - 0.5] as [number, number] } },
        axes: [monthAxis(U, labels), { ...AXIS, values: (_u: uPlot, ticks: number[]) => ticks.map((t) => format(t)) }],
        series: [
          {},
          {
            label: line.name,
            stroke: line.stroke,
            width: 2,
            spanGaps: true,
            value: (_u: uPlot, v: number | null) => (v === null ? '' : format(v)),
          },
        ],
      } satisfies ChartOptions,
      data: [rows.map((_, j) => j), rows.map((r) => r[line.key])] as AlignedData,
    }),
    JSON.stringify([rows, line, format(1234)]),
  );
  return (
    <ChartCard caption={caption}>
      <UPlotChart chart={chart} legend={false} printNote={printNote} />
    </ChartCard>
  );
}
