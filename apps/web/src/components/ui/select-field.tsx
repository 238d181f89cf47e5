import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { FieldShell, useField, type FieldProps } from './field-parts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends FieldProps, SelectHTMLAttributes<HTMLSelectElement> {
  /** Either options, or <option> children. */
  options?: SelectOption[];
  /** A first, empty-valued option such as "Choose a region". */
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { options, placeholder, children, className, ...props },
  ref,
) {
  const { shell, control, rest } = useField({ ...props, className: cx('pr-8', className) });
  return (
    <FieldShell {...shell}>
      <select ref={ref} {...control} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FieldShell>
  );
});
