import { PRODUCT, THEME_COLOUR, type Locale } from '@hpbc/shared';
import { PUBLIC_PAGES } from '@hpbc/shared/app-routes';
import type { SiteContact } from '../../config';
import { escapeHtml } from '../../lib/escape-html';

/**
 * The files programs other than browsers read from a site (docs/decisions/084), made from
 * the settings and the data, so none can go stale: the addresses from APP_URL, the sitemap
 * from the public projects, security.txt's expiry from the clock.
 */

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/**
 * robots.txt (RFC 9309): crawlers may visit the public pages, the library's volumes and the
 * open data; not the API's other calls, the signed-in areas, nor the private links mailed to
 * one person (tracking, password reset, e-mail verification). Open data is allowed under the
 * disallowed /api/: named first, so that parsers taking the first matching rule (Python's
 * urllib.robotparser) agree with those taking the longest (RFC 9309); anything else is allowed.
 */
export function robotsTxt(appUrl: string): string {
  return [
    `# ${PRODUCT.short}: ${PRODUCT.full.en}`,
    'User-agent: *',
    'Allow: /api/open-data/',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /user',
    'Disallow: /service-requests/track/',
    'Disallow: /reset-password',
    'Disallow: /email/verify/',
    '',
    `Sitemap: ${base(appUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap in pieces: the part before the projects' pages, those of some projects, the end. */
function sitemapParts(appUrl: string) {
  const url = (path: string) => `  <url><loc>${escapeHtml(`${base(appUrl)}${path}`)}</loc></url>\n`;
  return {
    head: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${PUBLIC_PAGES.map(url).join('')}`,
    projects: (ids: readonly number[]) => ids.map((id) => url(`/project-detail/${id}`)).join(''),
    tail: '</urlset>\n',
  };
}

/**
 * sitemap.xml (sitemaps.org 0.9): the public pages, then each public project's page; piece by
 * piece, for the projects read in batches (docs/decisions/110).
 */
export async function* sitemapOf(appUrl: string, batches: AsyncIterable<readonly { id: number }[]>) {
  const { head, projects, tail } = sitemapParts(appUrl);
  yield head;
  for await (const rows of batches) yield projects(rows.map((p) => p.id));
  yield tail;
}

/** How long a security.txt stays valid: RFC 9116 asks for less than a year; renewed on every request. */
export const SECURITY_TXT_DAYS = 180;

/** /.well-known/security.txt (RFC 9116): whom to tell, in which languages, until when this holds. */
export function securityTxt(appUrl: string, contact: SiteContact, now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_DAYS * 86_400_000);
  expires.setUTCMilliseconds(0);
  return [
    `Contact: mailto:${contact.email}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: en, my',
    `Canonical: ${base(appUrl)}/.well-known/security.txt`,
    '',
  ].join('\n');
}

/**
 * The web app manifest, in the reader's language: what a browser needs to install the portal
 * (name, start URL, standalone display, colours, 192 and 512 px icons, a maskable one). The
 * bitmaps are drawn from favicon.svg by scripts/make-icons.mjs. Issue 30's inspector pages
 * build on it.
 */
export function webAppManifest(lang: Locale) {
  return {
    id: '/',
    name: `${PRODUCT.short} – ${PRODUCT.full[lang]}`,
    short_name: PRODUCT.short,
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOUR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
