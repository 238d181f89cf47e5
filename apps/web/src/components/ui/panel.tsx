import type { HTMLAttributes, ReactNode } from 'react';

const BOX = 'space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

/**
 * A titled box of a page: a section named by its heading (screen readers list it as a
 * region), an optional intro under the heading, then its content. `className` replaces the
 * white box's classes where a panel looks different.
 */
export function Panel({
  headingId,
  title,
  intro,
  className = BOX,
  headingClassName = 'text-lg font-bold text-slate-900',
  introClassName = 'text-slate-700',
  children,
  ...rest
}: {
  headingId: string;
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  headingClassName?: string;
  introClassName?: string;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'title' | 'className' | 'children' | 'aria-labelledby'>) {
  return (
    <section aria-labelledby={headingId} className={className} {...rest}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {intro !== undefined && <p className={introClassName}>{intro}</p>}
      {children}
    </section>
  );
}
