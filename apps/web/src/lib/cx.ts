/** Joins class names, skipping everything that is not a non-empty string, so conditions read cleanly. */
export function cx(...parts: unknown[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
}
