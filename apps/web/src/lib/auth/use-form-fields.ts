import { useState, type ChangeEvent } from 'react';
import { firstError, summaryItems, useMessageText, type FieldErrorMap } from './form-errors';

interface FormFieldsOptions {
  /** Element ids by field, in form order; the error summary links to them. */
  ids?: Record<string, string>;
  /** The messages shown now: the client check's, or the server's answer. */
  errors?: FieldErrorMap;
}

/**
 * A form's text values, and the props that bind a field to them: id, name, value, onChange
 * and the field's first message (section 5: the first server error shows under each field).
 */
export function useFormFields<F extends string>(initial: Record<F, string>, { ids, errors }: FormFieldsOptions = {}) {
  const text = useMessageText();
  const [values, setValues] = useState(initial);
  const error = (name: string) => text(firstError(errors, name));
  const field = (name: F) => ({
    id: ids?.[name],
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    error: error(name),
  });
  const summary = summaryItems(Object.entries(ids ?? {}).map(([name, id]) => [id, error(name)]));
  return { values, setValues, field, error, summary };
}
