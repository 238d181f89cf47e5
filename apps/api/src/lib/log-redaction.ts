/**
 * The one place that knows which parts of a path are secrets (issue 24, hole 4). Every log
 * line that names a path or link goes through here: the access log and the error log's
 * request (plugins/access-log.ts, app.ts), and the links of the mail log line
 * (lib/mail-outbox/mail.service.ts). A new route with a secret in its path adds one row
 * to SECRET_PATHS.
 */

/** Marks what was cut out. */
export const REDACTED = '[redacted]';

/**
 * Routes whose path carries a credential, front end and API alike: the prefix kept, the
 * secret segment replaced. Slashes may repeat and case may differ, as a client may send them.
 */
const SECRET_PATHS: RegExp[] = [
  // The private calendar feed: the token is the whole credential.
  /^(\/+api\/+calendar\/+)[^/]+/i,
  // A requester's tracking link (page and API).
  /^((?:\/+api)?\/+service-requests\/+track\/+)[^/]+/i,
  // E-mail verification: the second segment is SHA-1 of the address, which a dictionary reverses.
  /^((?:\/+api\/+user)?\/+email\/+verify\/+[^/]+\/+)[^/]+/i,
  // A password reset page, should a token ever travel in its path.
  /^(\/+reset-password\/+)[^/]+/i,
];

/** Query parameters of a link that are secrets or personal data. */
const SECRET_PARAMS = /([?&](?:token|signature|email)=)[^&\s#]*/gi;

/** A path with its secret segments replaced; no query string. */
export function redactPath(path: string): string {
  let out = path;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, `$1${REDACTED}`);
  return out;
}

/** What the access and error logs keep of a request's URL: the path, redacted, without the query string. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  return redactPath(q === -1 ? url : url.slice(0, q));
}

/** A whole link (as in a mail) for a log line: secret path segments and secret parameters replaced. */
export function loggableLink(link: string): string {
  const m = /^(https?:\/\/[^/?#\s]*)([^?#\s]*)(.*)$/i.exec(link);
  if (!m) return link.replace(SECRET_PARAMS, `$1${REDACTED}`);
  return `${m[1]}${redactPath(m[2]!)}${m[3]!.replace(SECRET_PARAMS, `$1${REDACTED}`)}`;
}
