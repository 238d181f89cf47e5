import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

interface PageHeaderProps {
  title: ReactNode;
  /** A short line above the title, e.g. the section name. */
  eyebrow?: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown beside the title on wide screens, under it on phones. */
  actions?: ReactNode;
  className?: string;
}

/** The page's one <h1>, with an optional lead paragraph and actions. */
export function PageHeader({ title, eyebrow, description, actions, className }: PageHeaderProps) {
  return (
    <header
      className={cx(
        'flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
    >
      <div className="min-w-0 space-y-2">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-blue-800 uppercase">{eyebrow}</p>}
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        {description && <div className="max-w-3xl text-base text-slate-600">{description}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
