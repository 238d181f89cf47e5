import { localeFromHeader, messageCode, pageLanguage, PRODUCT, renderMessage, type Locale } from '@hpbc/shared';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPath } from '@hpbc/shared/app-routes';
import type { Csrf } from './csrf';
import type { FileStore } from '../lib/file-store/file-store';
import { escapeHtml } from '../lib/escape-html';

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
  /** The page's pattern in the web build's page-meta.json: `/project-detail/:id`. */
  pattern: string;
  /**
   * The record's own title and the values its description names (`{{status}}`...), or
   * undefined when there is no such record (the page then answers 404).
   */
  describe: (id: number) => Promise<RecordMeta | undefined>;
}

export interface RecordMeta {
  title: string;
  values: Record<string, string>;
}

/** What the web build says of a page in one language (dist/.vite/page-meta.json, apps/web/src/app/page-meta.ts). */
interface PageTexts {
  title: string;
  description: string;
  /** Texts for a record's values (a project's status). */
  labels?: Record<string, string>;
}
type PageMeta = Record<string, Partial<Record<Locale, PageTexts>>>;

function readPageMeta(webDist: string | undefined): PageMeta {
  const file = webDist ? path.join(webDist, '.vite', 'page-meta.json') : undefined;
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageMeta) : {};
}

/** The record a page path names: not a record page (undefined), or its page and the record (missing: null). */
async function recordOf(
  pathname: string,
  pages: RecordPage[],
): Promise<{ page: RecordPage; id: number; record: RecordMeta | null } | undefined> {
  const lower = pathname.toLowerCase();
  const page = pages.find((p) => lower.startsWith(p.prefix));
  if (!page) return undefined;
  const rest = lower.slice(page.prefix.length).replace(/\/$/, '');
  if (!/^[1-9][0-9]{0,15}$/.test(rest)) return { page, id: 0, record: null };
  const id = Number(rest);
  if (!Number.isSafeInteger(id)) return { page, id: 0, record: null };
  return { page, id, record: (await page.describe(id)) ?? null };
}

const OG_LOCALE: Record<Locale, string> = { en: 'en_US', my: 'my_MM' };

/** `{{name}}` replaced by the value (through the labels when one names it), escaped by the caller. */
export function fill(text: string, values: Record<string, string>, labels: Record<string, string> = {}): string {
  const filled = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : (labels[value] ?? value);
  });
  // A record without some value (a project with no developer): its part goes, with its separators.
  return filled
    .split(' · ')
    .map((part) => part.replace(/^[\s,၊]+|[\s,၊]+$/g, '').replace(/([,၊])(\s*[,၊])+/g, '$1'))
    .filter((part) => part !== '' && !/:$/.test(part))
    .join(' · ');
}

/**
 * The page's HTML in one language (docs/decisions/084): `<html lang>`, and, for a public page,
 * its title, description, canonical link and Open Graph tags, so that a shared link shows what
 * it leads to and a reader's first paint is in their language. Other pages keep the product's
 * name as their title (their own is set once the app runs). Every text is escaped.
 */
function localizedPage(
  html: string,
  lang: Locale,
  meta: { title: string; description: string; canonical: string; image: string } | undefined,
): string {
  let out = html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
  if (!meta) return out;
  const title = escapeHtml(`${meta.title} | ${PRODUCT.short}`);
  const description = escapeHtml(meta.description);
  const other = lang === 'en' ? 'my' : 'en';
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT.full[lang])}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}" />`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  out = out.replace(/\s*<meta name="description" content="[^"]*" \/>/, '');
  return out.replace(/<title>[^<]*<\/title>/, tags);
}

/** index.html with a page's preloads: its key (the listed path) and its markup. */
interface PreloadedHtml {
  page: string;
  html: string;
}

/**
 * index.html for each page the web build lists in .vite/route-preloads.json (its lazy chunk,
 * the chunks that imports and its English texts), with those chunks as modulepreload links:
 * the browser then fetches them alongside the entry script instead of after it has run.
 * Built once at start; keys are lower-case paths without a trailing slash ('/' for home). A
 * listed path may name a record by a `:param` segment (`/user/national/reviews/:id`), which
 * stands for any one segment.
 */
function pageHtmlByPath(webDist: string, indexHtml: string): (key: string) => PreloadedHtml | undefined {
  const file = path.join(webDist, '.vite', 'route-preloads.json');
  const exact = new Map<string, PreloadedHtml>();
  const patterns: { match: RegExp; found: PreloadedHtml }[] = [];
  if (existsSync(file)) {
    const preloads = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
    for (const [listed, chunks] of Object.entries(preloads)) {
      // Only the build's own hashed scripts: nothing else can reach the page's markup.
      const links = chunks
        .filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href))
        .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
        .join('');
      const page = listed.toLowerCase();
      const found = { page, html: indexHtml.replace('</head>', `${links}  </head>`) };
      if (!page.includes('/:')) exact.set(page, found);
      else {
        const source = page
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        patterns.push({ match: new RegExp(`^${source}$`), found });
      }
    }
  }
  return (key) => exact.get(key) ?? patterns.find((p) => p.match.test(key))?.found;
}

const pageKey = (pathname: string): string => pathname.toLowerCase().replace(/(.)\/$/, '$1');

export async function registerWebApp(
  app: FastifyInstance,
  opts: {
    webDist: string | undefined;
    documents: FileStore;
    csrf: Csrf;
    /**
     * Public pages of one record (`/project-detail/:id`): the path's prefix and the record's
     * title, so that a page of a record that does not exist answers 404 too, and one that
     * exists carries its record's title.
     */
    recordPages?: RecordPage[];
    /** The portal's public address (APP_URL): canonical links and Open Graph URLs. */
    appUrl?: string;
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
  const preloaded = opts.webDist && indexHtml ? pageHtmlByPath(opts.webDist, indexHtml) : () => undefined;
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
        } else if (path.basename(filePath) === 'sw.js') {
          // The inspector pages' service worker (decision 097): checked on every visit, so a new build reaches phones at once.
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }

  const pageMeta = readPageMeta(opts.webDist);
  const appUrl = (opts.appUrl ?? '').replace(/\/+$/, '');
  const image = `${appUrl}/icon-512.png`;
  // A public page's HTML depends on its path and language only: made once each, then kept.
  const localized = new Map<string, string>();

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
    const lang = pageLanguage(req.headers.cookie, req.headers['accept-language']);
    const key = pageKey(pathname);
    const appPath = isAppPath(pathname);
    const record = appPath ? await recordOf(pathname, opts.recordPages ?? []) : undefined;
    const found = appPath && record?.record !== null;
    // The page differs per path and language, and is never cached (no-store, no validator),
    // so a cached or 304 answer cannot hand one path's preloads or language to another.
    const withPreloads = preloaded(key);
    const base = withPreloads?.html ?? indexHtml;
    let page: string;
    if (record?.record) {
      const texts = pageMeta[record.page.pattern]?.[lang];
      const canonical = `${appUrl}${record.page.prefix}${record.id}`;
      page = localizedPage(base, lang, {
        title: record.record.title,
        description: texts ? fill(texts.description, record.record.values, texts.labels) : PRODUCT.full[lang],
        canonical,
        image,
      });
    } else {
      const texts = found ? pageMeta[key]?.[lang] : undefined;
      const cacheKey = `${withPreloads?.page ?? '*'}|${texts ? key : ''}|${lang}`;
      let made = localized.get(cacheKey);
      if (made === undefined) {
        made = localizedPage(
          base,
          lang,
          texts && {
            title: texts.title,
            description: fill(texts.description, { short: PRODUCT.short }),
            canonical: `${appUrl}${key}`,
            image,
          },
        );
        localized.set(cacheKey, made);
      }
      page = made;
    }
    const html = page.replace('<meta name="csrf-token" content="" />', `<meta name="csrf-token" content="${token}" />`);
    return reply
      .status(found ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Language', lang)
      .header('Vary', 'Cookie, Accept-Language')
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
