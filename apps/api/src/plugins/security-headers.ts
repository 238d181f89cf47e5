import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * A strict Content-Security-Policy: only our own scripts, styles, fonts and frames.
 * The bearer token lives in localStorage (the specification's contract), so keeping
 * foreign and inline script out is what keeps it safe.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
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
  });
}

/**
 * Answers for a signed-in user (a guard resolved a token) must not be kept by the browser
 * or a proxy: `Cache-Control: no-store`, whatever the route set.
 */
export function registerNoStoreForSignedIn(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    if (req.user) reply.header('Cache-Control', 'no-store');
  });
}
