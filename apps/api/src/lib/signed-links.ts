import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The `hash` part of a verification link: SHA-1 hex of the lower-cased address (docs/api.md). */
export function emailHash(email: string): string {
  return createHash('sha1').update(email.toLowerCase()).digest('hex');
}

function sign(secret: string, pathname: string, expires: number): string {
  return createHmac('sha256', secret).update(`${pathname}?expires=${expires}`).digest('hex');
}

export const VERIFY_LINK_MINUTES = 60;

/** The front-end path and query of an e-mail verification link. */
export function verificationLink(opts: { secret: string; userId: number; email: string; now: Date }) {
  const pathname = `/email/verify/${opts.userId}/${emailHash(opts.email)}`;
  const expires = Math.floor(opts.now.getTime() / 1000) + VERIFY_LINK_MINUTES * 60;
  const signature = sign(opts.secret, pathname, expires);
  return { pathname, expires, signature, url: `${pathname}?expires=${expires}&signature=${signature}` };
}

/** Checks the signature and expiry of a link for user `id` and `hash`; says nothing about the user. */
export function checkVerificationSignature(opts: {
  secret: string;
  id: string;
  hash: string;
  expires?: string;
  signature?: string;
  now: Date;
}): boolean {
  if (!/^\d{1,10}$/.test(opts.id) || !/^[0-9a-f]{40}$/.test(opts.hash)) return false;
  if (!opts.expires || !/^\d{1,12}$/.test(opts.expires) || !opts.signature) return false;
  const expected = Buffer.from(sign(opts.secret, `/email/verify/${opts.id}/${opts.hash}`, Number(opts.expires)));
  const given = Buffer.from(opts.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(opts.expires) * 1000 > opts.now.getTime();
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
