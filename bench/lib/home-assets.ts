import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AssetSize {
  file: string;
  bytes: number;
  gzip_bytes: number;
}

export interface HomeAssets {
  js_gzip_bytes: number;
  css_gzip_bytes: number;
  js_bytes: number;
  css_bytes: number;
  files: AssetSize[];
}

function gzipSize(file: string): AssetSize {
  const data = readFileSync(file);
  return { file: '', bytes: data.length, gzip_bytes: gzipSync(data, { level: 9 }).length };
}

/** Sums plain and gzip sizes of asset paths (relative to dist) into the figures. */
export function sizeOf(dist: string, files: Iterable<string>): HomeAssets {
  const sized = [...new Set(files)].sort().map((f) => ({ ...gzipSize(path.join(dist, f)), file: f }));
  const sum = (ext: string, key: 'bytes' | 'gzip_bytes') =>
    sized.filter((s) => s.file.endsWith(ext)).reduce((n, s) => n + s[key], 0);
  return {
    js_gzip_bytes: sum('.js', 'gzip_bytes'),
    css_gzip_bytes: sum('.css', 'gzip_bytes'),
    js_bytes: sum('.js', 'bytes'),
    css_bytes: sum('.css', 'bytes'),
    files: sized,
  };
}

/**
 * The JavaScript and CSS the home page needs, from the build alone: the entry script of
 * index.html with everything it imports statically, plus the home route's lazy chunk and
 * its static imports (read from Vite's manifest). Chunks loaded later by code (other
 * routes, lazy translation namespaces) are not counted here; the browser figure has them.
 */
export function homeAssetsFromBuild(dist: string, homeRouteSrc = 'src/app/routes/home.tsx'): HomeAssets {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest on`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

  const files = new Set<string>();
  // What index.html itself names: the entry script, modulepreload links and stylesheets.
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:js|css))"/g)) files.add(m[1]!);

  const seen = new Set<string>();
  const follow = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) follow(imported);
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry && files.has(c.file));
  if (!entry) throw new Error('the entry script of index.html is not in the manifest');
  follow(entry[0]);
  if (!manifest[homeRouteSrc]) throw new Error(`the home route ${homeRouteSrc} is not in the manifest`);
  follow(homeRouteSrc);
  return sizeOf(
    dist,
    [...files].filter((f) => /\.(js|css)$/.test(f)),
  );
}

/**
 * What a real browser loads for the home page: Debian's Chromium opens it, and every
 * script and stylesheet it fetched from /assets/ is counted (gzip sizes of the built files).
 */
export async function homeAssetsInBrowser(dist: string, pageUrl: string): Promise<HomeAssets | undefined> {
  if (!existsSync(CHROMIUM_PATH)) return undefined;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const loaded = new Set<string>();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.startsWith('/assets/') && /\.(js|css)$/.test(pathname)) loaded.add(pathname.slice(1));
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    return sizeOf(dist, loaded);
  } finally {
    await browser.close();
  }
}

/** A lazily loaded page's own JavaScript: its chunk and the chunks only it imports, gzipped. */
export interface PageScript {
  src: string;
  js_gzip_bytes: number;
  /**
   * A library (under node_modules) that a page's code imports dynamically once the page
   * shows, such as pdf.js when a drawing opens: no page's first render waits for it
   * (docs/decisions/108). Listed with its size, not counted as a page.
   */
  library: boolean;
}

/**
 * What each lazily loaded module of the build adds to what the shared entry already brought
 * (issue 31: no page's own JavaScript over 60 KiB gzipped): for every dynamic entry of Vite's
 * manifest, its file and its static imports that the entry script does not already load.
 */
export function pageScriptsFromBuild(dist: string): PageScript[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const shared = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, shared);
  return Object.entries(manifest)
    .filter(([, c]) => (c as ManifestChunk & { isDynamicEntry?: boolean }).isDynamicEntry)
    .map(([key]) => {
      const own = [...closure(key, new Set())].filter((k) => !shared.has(k)).map((k) => manifest[k]!.file);
      return {
        src: key,
        library: /(^|\/)node_modules\//.test(key),
        js_gzip_bytes: sizeOf(
          dist,
          own.filter((f) => f.endsWith('.js')),
        ).js_gzip_bytes,
      };
    })
    .sort((a, b) => b.js_gzip_bytes - a.js_gzip_bytes);
}
