import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Locale } from '@hpbc/shared';
import { cx } from '../../lib/cx';
import { formatDate } from '../../lib/format';

interface TableProps {
  /** Names the table for screen readers; shown above it unless captionHidden. */
  caption: ReactNode;
  captionHidden?: boolean;
  /** <thead> and <tbody> from the caller. */
  children: ReactNode;
  className?: string;
}

/**
 * A plain data table whose wrapper scrolls sideways on narrow screens. The wrapper is a focusable,
 * labelled region so keyboard users can scroll it too.
 */
export function Table({ caption, captionHidden, children, className }: TableProps) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cx(
        // relative: visually hidden (absolute) header text stays inside the scroll box instead of
        // widening the page on phones.
        'relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
        className,
      )}
    >
      <table
        className={cx(
          'min-w-full border-collapse text-left text-sm',
          '[&_th]:px-4 [&_th]:py-3 [&_th]:font-semibold [&_th]:whitespace-nowrap [&_th]:text-slate-700',
          '[&_thead]:bg-slate-50 [&_thead_th]:border-b [&_thead_th]:border-slate-200',
          '[&_td]:px-4 [&_td]:py-3 [&_td]:align-top [&_td]:text-slate-800',
          '[&_tbody_tr]:border-b [&_tbody_tr]:border-slate-100 [&_tbody_tr:last-child]:border-0',
          '[&_tbody_tr:hover]:bg-slate-50',
        )}
      >
        <caption
          id={captionId}
          className={cx(captionHidden ? 'sr-only' : 'px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900')}
        >
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** A table's header row: one column header per label. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((label, i) => (
          <th key={i} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row's header cell: the row's reference, linking to its own page. */
export function ReferenceCell({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  return (
    <th scope="row" className="!align-top">
      <Link to={to} className={className}>
        {children}
      </Link>
    </th>
  );
}

/** A cell with a date, machine-readable in <time>. */
export function DateCell({ value, locale }: { value: string; locale: Locale }) {
  return (
    <td>
      <time dateTime={value}>{formatDate(value, locale)}</time>
    </td>
  );
}

/**
 * A paged list's rows as cards on a phone, where its table (hidden below `md`) would scroll
 * sideways; from `md` up the table shows instead. `label` names the list as the table's caption
 * names the table.
 */
export function PhoneCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One row of PhoneCards: its reference first, linking to its own page as the table's
 * ReferenceCell does, with its badges at the other end of that line; then the row's own lines.
 */
export function PhoneCard({
  to,
  reference,
  badges,
  children,
}: {
  to: string;
  reference: ReactNode;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={to}
          className="font-mono font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
        >
          {reference}
        </Link>
        <span className="flex flex-wrap gap-2">{badges}</span>
      </div>
      {children}
    </li>
  );
}
