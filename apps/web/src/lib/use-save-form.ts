import { useState, type ChangeEvent } from 'react';
import { ApiError } from './api-client';
import { serverMessageOr, useMessageText, type FieldErrorMap } from './auth/form-errors';

/**
 * The state of a form that saves to the API: field errors, a failure that belongs to no
 * field, the saving flag, and `done`, the notice of the last save for a form that stays
 * open. `run(call)` sets the flag around the call; a 422's field errors go to `errors`, any
 * other failure to `failure` (the server's message, or `failedText` when no answer came).
 */
export function useSaveForm(failedText: string) {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function run(call: () => Promise<void>): Promise<void> {
    setSaving(true);
    try {
      await call();
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      else setFailure(serverMessageOr(err, failedText));
    } finally {
      setSaving(false);
    }
  }

  return { errors, setErrors, failure, setFailure, done, setDone, saving, run };
}

/** The keys of V whose values are text (what a text field can edit). */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values, and `bind(key)`: the props that tie a TextField or TextAreaField to
 * values[key] and to that field's first error (from useSaveForm), in the reader's language.
 * The field's own props (label, type, hint...) stay where it is written.
 */
export function useFormValues<V extends Record<string, unknown>>(initial: V | (() => V), errors: FieldErrorMap) {
  const [values, setValues] = useState(initial);
  const text = useMessageText();
  const bind = (key: TextKey<V>) => ({
    value: values[key] as string,
    error: text(errors[key]?.[0]),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues({ ...values, [key]: e.target.value }),
  });
  return { values, setValues, bind };
}
