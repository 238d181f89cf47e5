import type { HTMLAttributes, ReactNode } from 'react';

/** A white box with a small heading, or a part of the page with no box and a larger heading. */
const LOOKS = {
  box: {
    className: 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5',
    heading: 'text-lg font-bold text-slate-900',
  },
  part: { className: '', heading: 'text-xl font-semibold text-slate-900' },
} as const;

/** The room between a panel's parts: a box of a few lines is tighter, one holding a form roomier. */
const SPACE = { 2: 'space-y-2', 3: 'space-y-3', 4: 'space-y-4', 5: 'space-y-5' } as const;

/**
 * A titled box of a page: a section named by its heading (screen readers list it as a
 * region), an optional intro under the heading, then its content. `look` picks the box or
 * the plain part, `space` the room between its parts; `className` and `headingClassName`
 * replace its classes where one differs.
 */
export function Panel({
  headingId,
  title,
  intro,
  look = 'box',
  space = 3,
  className = `${SPACE[space]} ${LOOKS[look].className}`.trim(),
  headingClassName = LOOKS[look].heading,
  introClassName = 'text-slate-700',
  children,
  ...rest
}: {
  headingId: string;
  title: ReactNode;
  intro?: ReactNode;
  look?: keyof typeof LOOKS;
  space?: keyof typeof SPACE;
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
