import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { FieldError, FieldHint, useControlIds } from './field-parts';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  wrapperClassName?: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, hint, error, wrapperClassName, id, className, 'aria-describedby': extraDescribedBy, ...rest },
  ref,
) {
  const control = useControlIds({ id, hint, error, 'aria-describedby': extraDescribedBy });
  return (
    <div className={cx('space-y-1', wrapperClassName)}>
      <FieldError id={control.id}>{error}</FieldError>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          {...control}
          type="checkbox"
          className={cx(
            'mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-blue-800',
            'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
            error && 'outline-2 outline-red-700',
            className,
          )}
          {...rest}
        />
        <div className="space-y-0.5">
          <label htmlFor={control.id} className="text-slate-900">
            {label}
          </label>
          <FieldHint id={control.id}>{hint}</FieldHint>
        </div>
      </div>
    </div>
  );
});
