import { isIP } from 'node:net';

/**
 * The relying party of WebAuthn, from APP_URL (docs/decisions/074-passkeys-simplewebauthn.md).
 * WebAuthn refuses an IP address as the RP ID, so an install addressed by a loopback address
 * (the local default, http://127.0.0.1:3000) offers passkeys on `localhost` at the same port.
 */
export function relyingParty(appUrl: string): { rpID: string; origins: string[] } {
  const url = new URL(appUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const port = url.port ? `:${url.port}` : '';
    return { rpID: 'localhost', origins: [url.origin, `${url.protocol}//localhost${port}`] };
  }
  return { rpID: host, origins: [url.origin] };
}

/** The challenge a WebAuthn response answers (the browser's clientDataJSON), or '' when unreadable. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : '';
  } catch {
    return '';
  }
}
