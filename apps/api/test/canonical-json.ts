/**
 * An RFC 8785 serialiser written independently of the server's (`canonicalize`), for what
 * the content hash covers (strings, booleans, arrays, objects): keys sorted by UTF-16
 * code units, JSON string escaping as ECMAScript's JSON.stringify. Tests recompute the
 * hash with it as an outside client would.
 */
export function jcs(value: unknown): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = a.charCodeAt(i) - b.charCodeAt(i);
      if (d !== 0) return d;
    }
    return a.length - b.length;
  });
  return `{${keys.map((k) => `${JSON.stringify(k)}:${jcs(obj[k])}`).join(',')}}`;
}
