import { z } from 'zod';
import { rule, type MessageCode } from './messages';

/**
 * A text field of a request body, read alike by every form that has one (issue 23: each form's
 * module wrote this again): trimmed first, so spaces alone are empty, and bounded with a message
 * naming the field and the limit.
 */

/** Text that must be given: missing, not text or empty is `required`; longer than `max` is `max`. */
export const requiredText = (field: string, max: number) =>
  z
    .string({ error: rule('required', field) })
    .trim()
    .min(1, rule('required', field))
    .max(max, rule('max', field, max));

/**
 * Text that may be left out: missing, null or empty becomes null; longer than `max` is `max`. A
 * value that is not text is `notText`, each form's own word for it (kept as the forms had it;
 * without one, zod's own message).
 */
export const optionalText = (field: string, max: number, notText?: MessageCode) =>
  z
    .string(notText ? { error: rule(notText, field) } : undefined)
    .trim()
    .max(max, rule('max', field, max))
    .nullish()
    .transform((v) => v || null);

/** A query's search or filter text: trimmed, may be left out (undefined); longer than `max` is `max`. */
export const searchText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, rule('max', field, max))
    .optional();
