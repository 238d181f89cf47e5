import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (docs/decisions/067-sign-in-while-under-attack.md, after OWASP's "Slow
 * Down Online Guessing Attacks with Device Cookies"): a browser that has signed in to an
 * account with the right password gets a signed cookie naming that account. A sign-in from
 * such a browser is not held by the account-wide delays an attacker sets off from other
 * addresses, only by a limit of its own; so the owner signs in while an attack runs.
 */
export const DEVICE_COOKIE_DAYS = 365;

/** Over https the __Host- prefix: Secure, Path=/, no Domain, so no sibling host can plant one. */
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-hpbc_device' : 'hpbc_device');

const mac = (secret: string, userId: number, nonce: string) =>
  createHmac('sha256', secret).update(`login-device:${userId}:${nonce}`).digest('base64url');

/** A new cookie value for the account: `<user id>.<random nonce>.<HMAC>`. */
export function newDeviceCookie(secret: string, userId: number): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${mac(secret, userId, nonce)}`;
}

/** The cookie's nonce when it is genuine and names this account; undefined otherwise. */
export function trustedDevice(secret: string, value: string | undefined, userId: number): string | undefined {
  const m = value ? /^(\d{1,10})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
  if (!m || Number(m[1]) !== userId) return undefined;
  const expected = Buffer.from(mac(secret, userId, m[2]!));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[2] : undefined;
}

/** The Set-Cookie header: HttpOnly, SameSite=Strict, a year. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return `${deviceCookieName(secure)}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Strict${
    secure ? '; Secure' : ''
  }`;
}
