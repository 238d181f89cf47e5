import type { FastifyInstance } from 'fastify';
import { hasUnstorableText, rule } from '@hpbc/shared';
import { ValidationError } from '../lib/http-errors';

/** Deeper JSON than this is no form of ours; it is refused before any schema walks it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Refuses text that PostgreSQL cannot store or that is not valid Unicode (a NUL, half a
 * surrogate pair) in any body, query or path parameter of every route: a 422 on the field,
 * before the schema and long before the database (docs/decisions/015). Multipart fields
 * are checked by their route (they are read in the handler).
 */
export function registerUnstorableTextCheck(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and most have nothing to check.
  app.addHook('preValidation', (req, _reply, done) => {
    const errors: Record<string, string[]> = {};
    const sources: [string, unknown][] = [
      ['', req.params],
      ['', req.query],
      ['', req.body],
    ];
    for (const [prefix, value] of sources) {
      const found = findUnstorable(value, prefix);
      if (found === 'too_deep') return done(new ValidationError({ body: [rule('invalid', 'body')] }));
      for (const field of found) errors[field] ??= [rule('text_chars', field)];
    }
    done(Object.keys(errors).length ? new ValidationError(errors) : undefined);
  });
}

/** The dotted paths of strings (and keys) with unstorable text; iterative, so deep input cannot overflow the stack. */
export function findUnstorable(value: unknown, prefix = ''): string[] | 'too_deep' {
  const found: string[] = [];
  const stack: [unknown, string, number][] = [[value, prefix, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasUnstorableText(v)) found.push(path || 'body');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return 'too_deep';
    for (const [k, child] of Object.entries(v)) {
      const childPath = path ? `${path}.${k}` : k;
      if (hasUnstorableText(k)) found.push(path || 'body');
      else stack.push([child, childPath, depth + 1]);
    }
  }
  return found;
}
