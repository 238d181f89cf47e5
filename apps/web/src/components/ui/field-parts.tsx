import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** Ids of the hint and error paragraphs of a field, and the aria-describedby that joins them. */
export function describedBy(id: string, hint?: ReactNode, error?: ReactNode, extra?: string): string | undefined {
  const ids = [extra, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-hint`} className="text-sm text-slate-600">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-semibold text-red-700">
      <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" aria-hidden="true">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M10 5v6m0 3v.5" stroke="white" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

export const controlClasses = (invalid: boolean, className?: string) =>
  cx(
    'block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:outline-3 focus:outline-offset-0 focus:outline-amber-400 disabled:bg-slate-100 disabled:text-slate-500',
    invalid ? 'border-red-700 border-2' : 'border-slate-400',
    className,
  );

interface ControlIdsInput {
  id?: string;
  hint?: ReactNode;
  /** The validation message; marks the control invalid and is read with it. */
  error?: ReactNode;
  'aria-describedby'?: string;
}

/** The id of a field's control (given or generated) and the aria attributes that tie its hint and error to it. */
export function useControlIds({ id, hint, error, 'aria-describedby': extra }: ControlIdsInput) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return {
    id: fieldId,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy(fieldId, hint, error, extra),
  };
}

/** What every labelled field takes besides its control's own attributes. */
export interface FieldProps extends ControlIdsInput {
  label: ReactNode;
  /** Hide the label visually (it stays for screen readers), e.g. in a search bar. */
  labelHidden?: boolean;
  wrapperClassName?: string;
  className?: string;
}

/**
 * Splits a field's props into the label/hint/error shell around it and the attributes of its
 * control (id, aria, classes), leaving the rest for the control itself.
 */
export function useField<P extends FieldProps>(props: P) {
  const {
    label,
    hint,
    error,
    labelHidden,
    wrapperClassName,
    id,
    className,
    'aria-describedby': extra,
    ...rest
  } = props;
  const control = useControlIds({ id, hint, error, 'aria-describedby': extra });
  return {
    shell: { fieldId: control.id, label, hint, error, labelHidden, wrapperClassName },
    control: { ...control, className: controlClasses(Boolean(error), className) },
    rest,
  };
}

type FieldShellProps = Pick<FieldProps, 'label' | 'hint' | 'error' | 'labelHidden' | 'wrapperClassName'> & {
  fieldId: string;
  children: ReactNode;
};

/** Label, hint and error above a control, in the order a screen reader meets them. */
export function FieldShell({ fieldId, label, hint, error, labelHidden, wrapperClassName, children }: FieldShellProps) {
  return (
    <div className={cx('space-y-1.5', wrapperClassName)}>
      <label htmlFor={fieldId} className={cx('block font-semibold text-slate-900', labelHidden && 'sr-only')}>
        {label}
      </label>
      <FieldHint id={fieldId}>{hint}</FieldHint>
      <FieldError id={fieldId}>{error}</FieldError>
      {children}
    </div>
  );
}
