/**
 * True for an error that means the database cannot be reached or dropped the connection
 * (PostgreSQL server shut down or restarted, connections refused or terminated, pool
 * timeouts, a closed PGlite). Such a request is answered 503 with Retry-After, not 500.
 */
const CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const MESSAGES =
  /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect|max retries per request|Stream isn't writeable|is not currently accepting connections|PGlite is closed|Cannot use a pool after calling end/i;

export const DB_RETRY_AFTER_SECONDS = 10;

export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * What an error may put in the log: its type, codes and the first line of its message with
 * anything after "params:" cut off (Drizzle appends the query's values: password hashes,
 * e-mail addresses, tokens), e-mail addresses masked, and the stack frames without the
 * message. Bodies and query strings are never logged.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; code?: unknown; message?: string; stack?: string; cause?: unknown };
  const cause = e.cause as { code?: unknown; message?: string } | undefined;
  return {
    type: e.name,
    code: e.code,
    message: scrub(e.message),
    causeCode: cause?.code,
    cause: scrub(cause?.message),
    stack: e.stack
      ?.split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 12)
      .join('\n'),
  };
}

function scrub(message: string | undefined): string | undefined {
  if (!message) return message;
  return message
    .split(/\n?params:/)[0]!
    .split('\n')[0]!
    .replace(/[^\s"'<>(),;:]+@[^\s"'<>(),;:]+/g, '[email]')
    .replace(/\$argon2[^\s"',]*/g, '[hash]')
    .replace(/\b[A-Za-z0-9_-]{40,}\b/g, '[token]')
    .slice(0, 500);
}
