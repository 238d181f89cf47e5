import type { ReactNode } from 'react';
import { Table } from './table';

/**
 * A chart's numbers as a table, folded away under `summary`: the first cell of a row is its header.
 * On paper it is always unfolded, under its caption instead of the summary: a chart not yet
 * drawn cannot be drawn in time for a print, and these are its numbers (decision 131). Print
 * CSS alone does it (`::details-content`), so every way of printing shows it, also those that
 * send no `beforeprint` (a browser's print-to-PDF by its tools, Playwright's emulated media).
 */
export function NumbersTable({
  summary,
  caption,
  columns,
  rows,
}: {
  summary: string;
  caption: string;
  columns: string[];
  rows: string[][];
}) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 print:details-content:block print:details-content:[content-visibility:visible]">
      <summary className="cursor-pointer font-semibold text-blue-900 print:list-none print:text-slate-900">
        <span className="print:hidden">{summary}</span>
        <span className="hidden print:inline">{caption}</span>
      </summary>
      <div className="mt-3">
        <Table caption={caption} captionHidden>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([head, ...cells]) => (
              <tr key={head}>
                <th scope="row">{head}</th>
                {cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </details>
  );
}

/**
 * Charts that picture the numbers of the NumbersTable beside them: screen readers skip them,
 * reading the table instead. Their cards show at once at their final size; only uPlot's code
 * loads later (components/ui/chart-figure.tsx), so the page does not move when they draw.
 */
export function TablePictures({ children }: { children: ReactNode }) {
  return (
    <div aria-hidden="true" inert>
      {children}
    </div>
  );
}
