import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldShell, useField, type FieldProps } from './field-parts';

export type TextFieldProps = FieldProps & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { type = 'text', ...props },
  ref,
) {
  const { shell, control, rest } = useField(props);
  return (
    <FieldShell {...shell}>
      <input ref={ref} {...control} type={type} {...rest} />
    </FieldShell>
  );
});

export type TextAreaFieldProps = FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { rows = 4, ...props },
  ref,
) {
  const { shell, control, rest } = useField(props);
  return (
    <FieldShell {...shell}>
      <textarea ref={ref} {...control} rows={rows} {...rest} />
    </FieldShell>
  );
});
