import { useState } from 'react';
import { ApiError } from './api-client';
import { serverMessageOr, type FieldErrorMap } from './auth/form-errors';

/**
 * The state of a form that saves to the API: field errors, a failure that belongs to no
 * field, and the saving flag. `run(call)` sets the flag around the call; a 422's field
 * errors go to `errors`, any other failure to `failure` (the server's message, or
 * `failedText` when no answer came).
 */
export function useSaveForm(failedText: string) {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [failure, setFailure] = useState<string | null>(null);
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

  return { errors, setErrors, failure, setFailure, saving, run };
}
