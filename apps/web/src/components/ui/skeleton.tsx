import { cx } from '../../lib/cx';

interface SkeletonProps {
  className?: string;
  /** Number of text-like bars to draw. */
  lines?: number;
}

/** A grey placeholder while data loads; hidden from screen readers, so pair it with a labelled status. */
export function Skeleton({ className, lines = 1 }: SkeletonProps) {
  return (
    <div aria-hidden="true" className={cx('space-y-2', className)}>
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          className={cx('h-4 animate-pulse rounded bg-slate-200', i === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')}
        />
      ))}
    </div>
  );
}
