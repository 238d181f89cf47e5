import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { validate, type FieldErrorMap } from '../../../lib/auth/form-errors';
import { useFormFields } from '../../../lib/auth/use-form-fields';

interface EmailRequestOptions {
  /** The e-mail field's element id. */
  id: string;
  initialEmail?: string;
  schema: Parameters<typeof validate>[0];
  send: (email: string) => Promise<unknown>;
  /** The text above the form when a failure has no e-mail message (section 8). */
  failureMessage: (error: unknown) => string;
}

/** A form that asks for a mail to an address (a reset link, a verification link). */
export function useEmailRequest({ id, initialEmail = '', schema, send, failureMessage }: EmailRequestOptions) {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const { values, field } = useFormFields({ email: initialEmail }, { ids: { email: id }, errors });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const invalid = validate(schema, values);
    setErrors(invalid ?? {});
    if (invalid) return;
    try {
      await send(values.email);
      setSent(true);
    } catch (error) {
      const emailMessage = error instanceof ApiError ? error.errors?.email?.[0] : undefined;
      // An e-mail message belongs under the field; anything else goes in the box above the form.
      setErrors(emailMessage ? { email: [emailMessage] } : {});
      setFailure(emailMessage ? null : failureMessage(error));
    }
  }

  return { field, failure, sent, onSubmit };
}
