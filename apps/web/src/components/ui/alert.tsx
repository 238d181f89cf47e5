import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { CloseButton } from './close-button';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Adds a dismiss button with this accessible name. */
  dismissLabel?: string;
  onDismiss?: () => void;
  className?: string;
  /** An extra action (a link or button) shown under the text. */
  action?: ReactNode;
}

const styles: Record<AlertVariant, { box: string; icon: string }> = {
  info: { box: 'border-blue-700 bg-blue-50 text-blue-950', icon: 'text-blue-700' },
  success: { box: 'border-green-700 bg-green-50 text-green-950', icon: 'text-green-700' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', icon: 'text-amber-700' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', icon: 'text-red-700' },
};

function Icon({ variant }: { variant: AlertVariant }) {
  const path =
    variant === 'success' ? 'M6 10.5l2.5 2.5L14 7.5' : variant === 'info' ? 'M10 9v5m0-8v.5' : 'M10 5.5v5m0 3v.5';
  return (
    <svg viewBox="0 0 20 20" className={cx('mt-0.5 size-5 shrink-0', styles[variant].icon)} aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d={path} stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

/**
 * A message box. Errors and warnings interrupt screen readers (role="alert");
 * information and success wait their turn (role="status").
 */
export function Alert({ variant = 'info', title, children, dismissLabel, onDismiss, className, action }: AlertProps) {
  const urgent = variant === 'error' || variant === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={cx('flex gap-3 rounded-md border-l-4 p-4', styles[variant].box, className)}
    >
      <Icon variant={variant} />
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="text-sm leading-relaxed">{children}</div>}
        {action && <div className="pt-1">{action}</div>}
      </div>
      {onDismiss && dismissLabel && (
        <CloseButton
          label={dismissLabel}
          onClick={onDismiss}
          className="-m-1 size-8 shrink-0 rounded p-1 hover:bg-black/5 focus-visible:outline-3 focus-visible:outline-amber-400"
        />
      )}
    </div>
  );
}
