import { localeFromHeader, messageCode, renderMessage } from '@hpbc/shared';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPath } from '@hpbc/shared/app-routes';
import type { Csrf } from './csrf';

/**
 * Serves the built front end: hashed assets with long caching (pre-compressed .br/.gz
 * when present), and index.html for every other GET that is not under /api, with a
 * fresh CSRF token in its meta tag. Unknown /api paths stay JSON 404s. A page path that
 * is not in the front end's route table (APP_ROUTE_PATTERNS in @hpbc/shared) gets the same
 * index.html, whose router shows the not-found page, but with status 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: { webDist: string | undefined; documentsDir: string; csrf: Csrf },
): Promise<void> {
  mkdirSync(opts.documentsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.documentsDir,
    prefix: '/documents/',
    // In the API description (/api/openapi.json): the library's PDFs are public files outside clients fetch.
    schemaHide: false,
    decorateReply: false,
    index: false,
    cacheControl: true,
    maxAge: '1h',
  });

  const indexHtml = opts.webDist ? readFileSync(path.join(opts.webDist, 'index.html'), 'utf8') : undefined;
  if (opts.webDist) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      decorateReply: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    if (!indexHtml || !wantsPage || pathname === '/api' || pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ message: renderMessage(messageCode('not_found'), localeFromHeader(req.headers['accept-language'])) });
    }
    const token = opts.csrf.issue(req, reply);
    const html = indexHtml.replace(
      '<meta name="csrf-token" content="" />',
      `<meta name="csrf-token" content="${token}" />`,
    );
    return reply
      .status(isAppPath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(html);
  });
}
