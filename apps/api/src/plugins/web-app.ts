import { localeFromHeader, messageCode, renderMessage } from '@hpbc/shared';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPath } from '@hpbc/shared/app-routes';
import type { Csrf } from './csrf';
import type { FileStore } from '../lib/file-store/file-store';

/**
 * Serves the built front end: hashed assets with long caching (pre-compressed .br/.gz
 * when present), and index.html for every other GET that is not under /api, with a
 * fresh CSRF token in its meta tag. Unknown /api paths stay JSON 404s. A page path that
 * is not in the front end's route table (APP_ROUTE_PATTERNS in @hpbc/shared) gets the same
 * index.html, whose router shows the not-found page, but with status 404.
 */
export interface RecordPage {
  /** The path up to the record's number, lower case: `/project-detail/`. */
  prefix: string;
  exists: (id: number) => Promise<boolean>;
}

/** Whether a page path names a record that is not there (a missing or malformed number). */
async function isMissingRecord(pathname: string, pages: RecordPage[]): Promise<boolean> {
  const lower = pathname.toLowerCase();
  const page = pages.find((p) => lower.startsWith(p.prefix));
  if (!page) return false;
  const rest = lower.slice(page.prefix.length).replace(/\/$/, '');
  if (!/^[1-9][0-9]{0,15}$/.test(rest)) return true;
  const id = Number(rest);
  return !Number.isSafeInteger(id) || !(await page.exists(id));
}

/**
 * index.html for each page the web build lists in .vite/route-preloads.json (its lazy chunk,
 * the chunks that imports and its English texts), with those chunks as modulepreload links:
 * the browser then fetches them alongside the entry script instead of after it has run.
 * Built once at start; keys are lower-case paths without a trailing slash ('/' for home).
 */
function pageHtmlByPath(webDist: string, indexHtml: string): Map<string, string> {
  const file = path.join(webDist, '.vite', 'route-preloads.json');
  const pages = new Map<string, string>();
  if (!existsSync(file)) return pages;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  for (const [page, chunks] of Object.entries(preloads)) {
    // Only the build's own hashed scripts: nothing else can reach the page's markup.
    const links = chunks
      .filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href))
      .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
      .join('');
    pages.set(page.toLowerCase(), indexHtml.replace('</head>', `${links}  </head>`));
  }
  return pages;
}

const pageKey = (pathname: string): string => pathname.toLowerCase().replace(/(.)\/$/, '$1');

export async function registerWebApp(
  app: FastifyInstance,
  opts: {
    webDist: string | undefined;
    documents: FileStore;
    csrf: Csrf;
    /**
     * Public pages of one record (`/project-detail/:id`): the path's prefix and whether the
     * record exists, so that a page of a record that does not exist answers 404 too.
     */
    recordPages?: RecordPage[];
  },
): Promise<void> {
  const documentsDir = opts.documents.localRoot;
  if (documentsDir) {
    mkdirSync(documentsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: documentsDir,
      prefix: '/documents/',
      // In the API description (/api/openapi.json): the library's PDFs are public files outside clients fetch.
      schemaHide: false,
      decorateReply: false,
      index: false,
      cacheControl: true,
      maxAge: '1h',
    });
  } else {
    serveDocumentsFromStore(app, opts.documents);
  }

  const indexHtml = opts.webDist ? readFileSync(path.join(opts.webDist, 'index.html'), 'utf8') : undefined;
  const pageHtml = opts.webDist && indexHtml ? pageHtmlByPath(opts.webDist, indexHtml) : new Map<string, string>();
  if (opts.webDist) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      decorateReply: false,
      // Pages are never static files: each needs its fresh CSRF token (the not-found handler below; issue 24, hole 13).
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.html'),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const wantsPage = req.method === 'GET' || req.method === 'HEAD';
    // `//api/x` and `/API/x` are API paths too: a JSON 404, never the app (issue 24, hole 13).
    const apiPath = pathname.replace(/\/{2,}/g, '/').toLowerCase();
    if (!indexHtml || !wantsPage || apiPath === '/api' || apiPath.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ message: renderMessage(messageCode('not_found'), localeFromHeader(req.headers['accept-language'])) });
    }
    const token = opts.csrf.issue(req, reply);
    const found = isAppPath(pathname) && !(await isMissingRecord(pathname, opts.recordPages ?? []));
    // The page differs per path, and is never cached (no-store, no validator), so a cached
    // or 304 answer cannot hand one path's preloads to another.
    const page = pageHtml.get(pageKey(pathname)) ?? indexHtml;
    const html = page.replace('<meta name="csrf-token" content="" />', `<meta name="csrf-token" content="${token}" />`);
    return reply
      .status(found ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(html);
  });
}

/**
 * The library's files when they live in the shared store (DATABASE_URL): the same URLs,
 * caching and validators as the static mount, read from the database.
 */
function serveDocumentsFromStore(app: FastifyInstance, store: FileStore): void {
  app.get('/documents/*', async (req, reply) => {
    // Fastify has decoded the path once; a key is never decoded twice.
    const key = (req.params as { '*': string })['*'] ?? '';
    const bytes = await store.readIfPresent(key).catch((err: unknown) => {
      if ((err as Error).message === 'file path escapes the store folder') return undefined;
      throw err;
    });
    if (!bytes) {
      return reply
        .status(404)
        .send({ message: renderMessage(messageCode('not_found'), localeFromHeader(req.headers['accept-language'])) });
    }
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=3600');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(key.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream').send(bytes);
  });
}
