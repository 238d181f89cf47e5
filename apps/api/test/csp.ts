/**
 * A Content-Security-Policy header as its directives: `{ 'script-src': ["'self'"], … }`
 * (an empty directive, as after a trailing `;`, is left out).
 */
export const cspDirectives = (value: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(value)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
