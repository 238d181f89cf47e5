import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** The value styles the registration headers use; `plain` is the default. */
export const FACT_VALUE = {
  plain: 'text-slate-900',
  /** A badge or a button sits a little lower, to line up with the text values beside it. */
  control: 'mt-1',
  reference: 'font-mono text-lg font-bold break-all text-slate-900',
} as const;

/**
 * The card of labelled facts at the top of a registration's pages (reference, status,
 * dates); `columns` are its grid columns from the small breakpoint up.
 */
export function Facts({ columns, children }: { columns: string; children: ReactNode }) {
  return (
    <dl className={cx('grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5', columns)}>
      {children}
    </dl>
  );
}

interface FactProps {
  label: ReactNode;
  children: ReactNode;
  valueClassName?: string;
  testId?: string;
  className?: string;
}

/** One label and its value in `Facts`. */
export function Fact({ label, children, valueClassName = FACT_VALUE.plain, testId, className }: FactProps) {
  return (
    <div className={className}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
