import { messageCode } from '@hpbc/shared';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors';

/** Over https the cookie takes the __Host- prefix: Secure, Path=/, no Domain, so no sibling host can plant one. */
const cookieName = (secure: boolean) => (secure ? '__Host-hpbc_csrf' : 'hpbc_csrf');

/** A cookie's value; a malformed header or value (`hpbc_csrf=%`) counts as no cookie, never an error. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * CSRF tokens for the two token-less request endpoints: a random value in an HttpOnly
 * cookie, and in the page's meta tag its HMAC under the server secret. A request must
 * carry both, and they must match.
 */
export function createCsrf(secret: string, secureCookie: boolean) {
  const COOKIE = cookieName(secureCookie);
  const sign = (value: string) => createHmac('sha256', secret).update(`csrf:${value}`).digest('base64url');

  return {
    /** The token for the page's meta tag; sets the cookie when the browser has none. */
    issue(req: FastifyRequest, reply: FastifyReply): string {
      let value = readCookie(req, COOKIE);
      if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) {
        value = randomBytes(32).toString('base64url');
        reply.header(
          'Set-Cookie',
          `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict${secureCookie ? '; Secure' : ''}`,
        );
      }
      return sign(value);
    },
    /** Throws the 419 of docs/api.md unless the header matches the cookie. */
    verify(req: FastifyRequest): void {
      const value = readCookie(req, COOKIE);
      const header = req.headers['x-csrf-token'];
      const given = Array.isArray(header) ? header[0] : header;
      if (!value || !given) throw new HttpError(419, messageCode('csrf_mismatch'));
      const expected = Buffer.from(sign(value));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        throw new HttpError(419, messageCode('csrf_mismatch'));
      }
    },
  };
}
export type Csrf = ReturnType<typeof createCsrf>;
