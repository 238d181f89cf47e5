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
  // Browsers size a <select> from the font, not the line height; this keeps it as tall as a
  // text input of the same size (line height + padding + border), Burmese included.
  const { shell, control, rest } = useField({
    ...props,
    className: cx('min-h-[calc(var(--text-base--line-height)*1rem+1rem+2px)] pr-8', className),
  });
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
