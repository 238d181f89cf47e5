import type { ReactNode } from 'react';
import type { BadgeColor } from '@hpbc/shared';
import { cx } from '../../lib/cx';

// Dark text on a pale fill of the same hue: every pair is above 4.5:1 contrast.
const colors: Record<BadgeColor, { badge: string; dot: string }> = {
  green: { badge: 'bg-green-100 text-green-900 ring-green-700/30', dot: 'bg-green-600' },
  blue: { badge: 'bg-blue-100 text-blue-900 ring-blue-700/30', dot: 'bg-blue-600' },
  yellow: { badge: 'bg-yellow-100 text-yellow-900 ring-yellow-700/30', dot: 'bg-yellow-500' },
  orange: { badge: 'bg-orange-100 text-orange-900 ring-orange-700/30', dot: 'bg-orange-500' },
  red: { badge: 'bg-red-100 text-red-900 ring-red-700/30', dot: 'bg-red-600' },
  gray: { badge: 'bg-slate-100 text-slate-800 ring-slate-500/30', dot: 'bg-slate-500' },
};

interface StatusBadgeProps {
  color: BadgeColor;
  children: ReactNode;
  className?: string;
  /**
   * A long label (a name and a date) wraps inside the badge instead of pushing the page
   * sideways on a phone (issue 28, item 9); short statuses stay on one line.
   */
  wrap?: boolean;
}

/** A status label; the text carries the meaning, the colour only repeats it. */
export function StatusBadge({ color, children, className, wrap = false }: StatusBadgeProps) {
  const c = colors[color] ?? colors.gray;
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset',
        wrap ? 'max-w-full rounded-lg break-words' : 'rounded-full whitespace-nowrap',
        c.badge,
        className,
      )}
    >
      <span className={cx('size-1.5 shrink-0 rounded-full', c.dot)} aria-hidden="true" />
      {children}
    </span>
  );
}
