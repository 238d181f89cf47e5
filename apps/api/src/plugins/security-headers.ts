import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

interface SecurityHeaderOptions {
  https: boolean;
  /** CSP sources of the inline styles the web build's index.html holds (see inlineStyleSources). */
  inlineStyles?: string[];
}

/**
 * The `'sha256-…'` CSP source of each <style> in the built index.html: the app shell's own
 * few rules (docs/decisions/060), which must paint before any stylesheet arrives. A hash
 * allows exactly that text and nothing injected, unlike 'unsafe-inline'.
 */
export function inlineStyleSources(webDist: string | undefined): string[] {
  const file = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}

/**
 * A strict Content-Security-Policy: only our own scripts, styles, fonts and frames.
 * The bearer token lives in localStorage (the specification's contract), so keeping
 * foreign and inline script out is what keeps it safe.
 */
function helmetOptions(opts: SecurityHeaderOptions): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...(opts.inlineStyles ?? [])],
        // blob: the administrators' view of a concern's photo, fetched with their token (decision 093).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        // The library's PDF viewer is an <iframe>; no plug-in content anywhere.
        objectSrc: ["'none'"],
        mediaSrc: ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Same-origin framing is needed for the library's embedded PDF viewer.
    frameguard: { action: 'sameorigin' },
    // Only over https (APP_URL): a plain-http test or LAN install must not pin the browser to https.
    hsts: opts.https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  };
}

/**
 * Which powerful browser features the portal's pages may use (helmet does not set this
 * header). Everything a page here has no use for is denied to every origin. Camera and
 * geolocation stay allowed to the portal's own pages only (`self`): the inspectors' pages
 * (issue 30) take photos and the place of an inspection on this origin; no framed or foreign
 * page gets them (docs/decisions/085). Passkeys (publickey-credentials-*) keep their default
 * (`self`).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Headers of the answer itself, not of the security policy. */
const ANSWER_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options, asked once from a throwaway instance.
 * They depend on nothing in the request, yet @fastify/helmet rebuilt and re-parsed them on
 * every answer (about 8-12 % of the busy time of a prepared list; docs/decisions/054).
 */
export async function securityHeaders(opts: SecurityHeaderOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(opts));
  probe.get('/', async () => '');
  try {
    const res = await probe.inject('/');
    const fromHelmet = Object.entries(res.headers)
      .filter(([name, value]) => !ANSWER_HEADERS.has(name) && value !== undefined)
      .map(([name, value]): [string, string] => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
    return [...fromHelmet, ['permissions-policy', PERMISSIONS_POLICY]];
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: SecurityHeaderOptions,
): Promise<[string, string][]> {
  const headers = await securityHeaders(opts);
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
  return headers;
}

/**
 * Answers for a signed-in user (a guard resolved a token) must not be kept by the browser
 * or a proxy: `Cache-Control: no-store`, whatever the route set. So with any request that
 * carries a token, even to a public list whose route never looks at it (docs/api.md; the
 * fast path leaves those to Fastify): the browser's cache is shared by whoever uses the
 * machine next, and a token-carrying answer is the signed-in user's. Nor may any answer to a
 * call that is not a GET or HEAD: those are the ones that hand out tokens, two-step
 * secrets and recovery codes before anyone is signed in (sign-in, two-step enrolment;
 * issue 24, hole 9).
 */
export function registerNoStoreForSignedIn(app: FastifyInstance): void {
  // A callback hook: an async one costs a promise on every answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.user || req.headers.authorization !== undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
