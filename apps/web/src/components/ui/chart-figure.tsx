import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Imported only by chart modules that are loaded lazily (decision 053): recharts never reaches a first page.
/** A chart in its card: the caption, then the chart at the full width and 16rem high. */
export function ChartFigure({ caption, wide, children }: { caption: string; wide?: boolean; children: ReactElement }) {
  return (
    <figure className={`rounded-lg border border-slate-200 bg-white p-3 shadow-sm${wide ? ' lg:col-span-2' : ''}`}>
      <figcaption className="mb-2 font-semibold text-slate-900">{caption}</figcaption>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The axes, grid and tooltip every chart of the portal shares: months along the bottom, counts up the side. */
export const chartMargin = { top: 8, right: 8, left: -16, bottom: 0 };
export const chartTick = { fontSize: 12, fill: '#334155' };

export interface BarSeries<K extends string> {
  key: K;
  name: string;
  fill: string;
  /** Bars with the same stack sit on top of each other (outcomes of one month). */
  stack?: string;
}

/** A card with one bar chart of whole counts per month (admin dashboard, public statistics). */
export function BarsFigure<K extends string>({
  caption,
  wide,
  rows,
  bars,
  format,
}: {
  caption: string;
  wide?: boolean;
  rows: ({ label: string } & Record<K, number>)[];
  bars: BarSeries<K>[];
  format: (n: number) => string;
}) {
  return (
    <ChartFigure caption={caption} wide={wide}>
      <BarChart accessibilityLayer={false} data={rows} margin={chartMargin}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={chartTick} interval="preserveStartEnd" minTickGap={8} />
        <YAxis allowDecimals={false} tick={chartTick} tickFormatter={(v: number) => format(v)} />
        <Tooltip formatter={(v) => format(Number(v))} />
        {bars.length > 1 ? <Legend /> : null}
        {bars.map((b) => (
          <Bar key={b.key} dataKey={b.key} name={b.name} fill={b.fill} stackId={b.stack} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
