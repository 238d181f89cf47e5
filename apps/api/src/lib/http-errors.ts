import type { z } from 'zod';
import { messageCode, type FieldErrors, type MessageCode } from '@hpbc/shared';

/** An error with an HTTP status and a body that is safe to show; anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A 422 with every failed field; `message` repeats the first error (docs/api.md). */
export class ValidationError extends HttpError {
  constructor(
    readonly errors: FieldErrors,
    extra: Record<string, unknown> = {},
  ) {
    const first = Object.values(errors)[0]?.[0] ?? messageCode('invalid_data');
    super(422, first, { ...extra, errors });
  }
}

export const notFound = (message = messageCode('not_found')) => new HttpError(404, message);

/**
 * A path's `:id` as `idParamsSchema` reads it (null unless a whole number from 1): a malformed
 * id is the same 404 as an unknown one, with the route's own message.
 */
export function knownId(id: number | null, code: MessageCode = 'not_found'): number {
  if (id === null) throw notFound(messageCode(code));
  return id;
}
export const forbidden = (message = messageCode('unauthorized')) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, messageCode('unauthenticated'));

/**
 * A zod failure's issues as the errors map: each under the field its path starts with, or
 * under `whole` (the body, or the one field a form is about) where it names none.
 */
export function zodFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  whole = 'body',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[String(issue.path[0] ?? whole)] ??= []).push(issue.message);
  return errors;
}

/**
 * A body a service checks itself (not the route's schema) as `schema` reads it (absent: `{}`),
 * or a 422 naming every failed field (docs/api.md).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, whole = 'body'): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new ValidationError(zodFieldErrors(parsed.error.issues, whole));
  return parsed.data;
}

/** Turns a list of (path, message) pairs into the errors map, keeping every message per field. */
export function toFieldErrors(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    (errors[path || 'body'] ??= []).push(message);
  }
  return errors;
}
