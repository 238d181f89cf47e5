import { useTranslation } from '../translation';
import { renderFormMessage, rule } from '@hpbc/shared';
import { ApiError } from '../api-client';
import { UNEXPECTED_ERROR } from './auth-store';

export type FieldErrorMap = Record<string, string[]>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The shape of a zod schema this needs; keeps zod out of the web package's imports. */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

/** Checks values with a shared schema: null when valid, else field → message codes. */
export function validate(schema: Schema, values: unknown): FieldErrorMap | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrorMap = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '_');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The check of a form whose rules belong to the server (specification section 5: login and
 * profile): only that the required fields are filled, as the form's required markers would.
 */
export function requiredOnly(values: Record<string, unknown>, fields: readonly string[]): FieldErrorMap | null {
  const errors: FieldErrorMap = {};
  for (const field of fields) {
    const value = values[field];
    if (typeof value !== 'string' || value.trim() === '') errors[field] = [rule('required', field)];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Renders a message for the reader's language: message codes from the shared schemas,
 * the "no answer" marker, and server text (already in the right language) as it is.
 */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation('auth');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  return (message) => {
    if (message === undefined) return undefined;
    if (message === UNEXPECTED_ERROR) return t('errors.unexpected');
    return renderFormMessage(message, locale);
  };
}

/** The first message of a field, rendered (section 5: the first server error is shown under each field). */
export function firstError(errors: FieldErrorMap | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}

/** Error summary entries for the fields that have a message, in form order. */
export function summaryItems(pairs: [fieldId: string, message: string | undefined][]) {
  return pairs
    .filter((pair): pair is [string, string] => Boolean(pair[1]))
    .map(([fieldId, message]) => ({ fieldId, message }));
}

/** The server's own message when it answered; the screen's text when no answer arrived. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : fallback;
}
