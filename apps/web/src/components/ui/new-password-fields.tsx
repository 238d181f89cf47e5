import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from './text-field';

type PasswordName = 'password' | 'password_confirmation';

interface NewPasswordFieldsProps {
  /** Binds a field to its form: id, name, value, onChange and error. */
  field: (name: PasswordName) => Pick<TextFieldProps, 'id' | 'name' | 'value' | 'onChange' | 'error'>;
  label: ReactNode;
  confirmationLabel: ReactNode;
  hint: ReactNode;
  required?: boolean;
  /** Classes for the first field's wrapper, e.g. to clear a floated legend. */
  wrapperClassName?: string;
}

/** A new password and its confirmation, named as the API expects and marked for password managers. */
export function NewPasswordFields({
  field,
  label,
  confirmationLabel,
  hint,
  required,
  wrapperClassName,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        {...field('password')}
        label={label}
        hint={hint}
        type="password"
        autoComplete="new-password"
        required={required}
        wrapperClassName={wrapperClassName}
      />
      <TextField
        {...field('password_confirmation')}
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        required={required}
      />
    </>
  );
}
