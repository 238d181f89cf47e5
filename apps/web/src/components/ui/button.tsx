import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { Spinner } from './spinner';

/** `accent` and `inverse` are for dark backgrounds (the home page hero, dark bands). */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link' | 'accent' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-blue-800 text-white shadow-sm hover:bg-blue-900 disabled:hover:bg-blue-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:hover:bg-white',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:hover:bg-red-700',
  link: 'text-blue-800 underline underline-offset-4 hover:text-blue-950 hover:decoration-2',
  accent: 'bg-amber-400 text-slate-950 shadow-sm hover:bg-amber-300 focus-visible:outline-white',
  inverse: 'border border-white/50 bg-transparent text-white hover:bg-white/10 focus-visible:outline-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-4 py-2 text-base',
  lg: 'min-h-12 px-6 py-3 text-lg',
};

/** The button look for other elements (router links that act as buttons). */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cx(base, variants[variant], variant === 'link' ? 'px-0' : sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and shows a spinner with `busyText`. */
  loading?: boolean;
  /** Shown instead of the label while loading, e.g. "Saving…". */
  busyText?: string;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    busyText,
    className,
    children,
    disabled,
    type = 'button',
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      {loading && busyText ? busyText : children}
    </button>
  );
});
