import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

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
