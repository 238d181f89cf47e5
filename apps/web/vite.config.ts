import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's native config loader resolves no extension-less relative import
// and warned about it at every start (issue 28, item 11).
import { PAGE_PRELOADS } from './src/app/page-preloads.ts';
import { PAGE_META, SITE_DESCRIPTION } from './src/app/page-meta.ts';

/** Writes .br and .gz beside every text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let dir = path.resolve(import.meta.dirname, 'dist');
  return {
    name: 'hpbc-precompress',
    apply: 'build',
    // The folder actually built (`--outDir` builds elsewhere, say for a before/after comparison).
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (d: string): string[] =>
        readdirSync(d).flatMap((f) => {
          const p = path.join(d, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(dir)) {
        if (!/\.(js|mjs|css|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * React Router 7's package exports name only its development build (with its dev-only
 * warnings and checks), even for a production build: remix-run/react-router#12532 and
 * #14753. The build takes the production files it ships beside them instead: Chromium's
 * profile of the project list on a phone (4x CPU) showed react-router's development code
 * at 162 ms of 600 ms of script (issue 31, docs/decisions/120-first-render-in-slices.md).
 */
function reactRouterProduction(): Plugin {
  const dist = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production');
  return {
    name: 'hpbc-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/** A page's namespaces bundled as one module per language: its id's prefix. */
const PAGE_TEXTS_ID = 'virtual:page-texts';

/** The preloaded pages whose namespaces load together (more than one), by a short name. */
const textBundles = Object.entries(PAGE_PRELOADS)
  .filter(([, spec]) => spec.namespaces.length > 1)
  .map(([page, spec]) => ({ page, name: `texts-${spec.module}`, namespaces: spec.namespaces as readonly string[] }));

/**
 * A page's translation namespaces in one request per language (issue 31; docs/decisions/128).
 * The review screen asked for eight small files of texts, each its own request: on a phone's
 * slow connection (six at a time over HTTP/1.1) they held back the page's own code. For each
 * page of PAGE_PRELOADS with more than one namespace, `virtual:page-texts/<lng>/<name>` holds
 * them all, copied from src/locales (a namespace missing in Burmese is an empty one, as
 * lib/i18n.ts loads it); `virtual:page-texts` maps each page to its two loaders
 * (app/with-texts.ts). The single namespace files stay, for every other page.
 */
function pageTexts(): Plugin {
  const prefix = `\0${PAGE_TEXTS_ID}`;
  return {
    name: 'hpbc-page-texts',
    resolveId(source) {
      return source === PAGE_TEXTS_ID || source.startsWith(`${PAGE_TEXTS_ID}/`) ? `\0${source}` : null;
    },
    load(id) {
      if (id === prefix) {
        const pages = textBundles.map(({ page, name }) => {
          const loaders = ['en', 'my'].map((lng) => `${lng}: () => import('${PAGE_TEXTS_ID}/${lng}/${name}')`);
          return `  ${JSON.stringify(page)}: { ${loaders.join(', ')} },`;
        });
        return `export const PAGE_TEXT_BUNDLES = {\n${pages.join('\n')}\n};\n`;
      }
      const m = id.startsWith(`${prefix}/`) ? /^(en|my)\/(.+)$/.exec(id.slice(prefix.length + 1)) : null;
      const bundle = m && textBundles.find((b) => b.name === m[2]);
      if (!m || !bundle) return null;
      const texts: Record<string, unknown> = {};
      for (const ns of bundle.namespaces) {
        const file = path.resolve(import.meta.dirname, `src/locales/${m[1]}/${ns}.json`);
        this.addWatchFile(file);
        texts[ns] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});\n`;
    },
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Writes dist/.vite/route-preloads.json: for each page of PAGE_PRELOADS, the JS chunks its
 * first visit needs beyond index.html's own (the route's lazy chunk, the chunks it imports,
 * the query layout's when the page uses it, its lazy parts', its English translation namespaces: the default
 * language). The API adds them to that
 * page's index.html as modulepreload links, so they load alongside the entry script instead
 * of after it.
 */
function routePreloads(): Plugin {
  return {
    name: 'hpbc-route-preloads',
    apply: 'build',
    // `dir`: the folder actually written (`--outDir` builds elsewhere).
    writeBundle({ dir = path.resolve(import.meta.dirname, 'dist') }, bundle) {
      const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const closure = (keys: string[], into = new Set<string>()): Set<string> => {
        for (const key of keys) {
          if (into.has(key)) continue;
          into.add(key);
          closure(manifest[key]?.imports ?? [], into);
        }
        return into;
      };
      const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
      const loadedByIndex = closure(entries);
      const preloads: Record<string, string[]> = {};
      for (const [page, spec] of Object.entries(PAGE_PRELOADS)) {
        const { module, namespaces, queries } = spec;
        const signedIn = 'signedIn' in spec && spec.signedIn;
        const lazyParts: readonly string[] = [
          ...('lazyParts' in spec ? spec.lazyParts : []),
          // The header's signed-in part, which main.tsx loads with its 'account' texts.
          ...(signedIn ? ['components/layouts/signed-in-area'] : []),
        ];
        const codeKeys = [
          `src/app/routes/${module}.tsx`,
          ...(queries ? ['src/app/query-layout.tsx'] : []),
          ...lazyParts.map((part) => `src/${part}.tsx`),
        ];
        // The page's texts as one file when they are bundled (pageTexts), else one per namespace.
        const together = textBundles.find((b) => b.page === page);
        const textKeys = [
          ...(together ? [] : namespaces.map((ns) => `src/locales/en/${ns}.json`)),
          ...(signedIn ? ['src/locales/en/account.json'] : []),
        ];
        // A renamed module or namespace fails the build rather than silently preloading nothing.
        for (const key of [...codeKeys, ...textKeys]) {
          if (!manifest[key]) throw new Error(`route-preloads: ${key} is not in the build manifest`);
        }
        const textsFile = together
          ? Object.values(bundle).find(
              (c) => c.type === 'chunk' && c.facadeModuleId === `\0${PAGE_TEXTS_ID}/en/${together.name}`,
            )?.fileName
          : undefined;
        if (together && !textsFile) throw new Error(`route-preloads: no chunk holds ${together.name}`);
        const keys = [...closure(codeKeys), ...textKeys].filter((k) => !loadedByIndex.has(k));
        preloads[`/${page}`] = [
          ...[...new Set(keys)].map((k) => `/${manifest[k]!.file}`),
          ...(textsFile ? [`/${textsFile}`] : []),
        ];
      }
      writeFileSync(path.join(dir, '.vite', 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}

/**
 * Writes dist/.vite/page-meta.json: for each page of PAGE_META, its title and description in
 * English and Burmese (a missing Burmese text falls back to English, as in the app), taken
 * from the same translation files the page uses. The API serves them in the page's
 * `<title>` and Open Graph tags (docs/decisions/084).
 */
function pageMeta(): Plugin {
  return {
    name: 'hpbc-page-meta',
    apply: 'build',
    writeBundle({ dir = path.resolve(import.meta.dirname, 'dist') }) {
      const texts = (lng: string, ns: string): Record<string, unknown> =>
        JSON.parse(readFileSync(path.resolve(import.meta.dirname, `src/locales/${lng}/${ns}.json`), 'utf8'));
      const lookup = (lng: string, ns: string, key: string): unknown => {
        const at = (l: string) =>
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts(l, ns));
        const found = at(lng) ?? at('en');
        // A renamed key fails the build rather than serving a page without its title.
        if (found === undefined) throw new Error(`page-meta: ${ns}:${key} is not in src/locales/en`);
        return found;
      };
      const meta: Record<string, Record<string, unknown>> = {};
      for (const [page, spec] of Object.entries(PAGE_META)) {
        meta[page] = {};
        for (const lng of ['en', 'my']) {
          const description = 'description' in spec ? { ns: spec.ns, key: spec.description } : SITE_DESCRIPTION;
          meta[page][lng] = {
            title: lookup(lng, spec.ns, spec.title),
            description: lookup(lng, description.ns, description.key),
            ...('labels' in spec ? { labels: lookup(lng, spec.ns, spec.labels) } : {}),
          };
        }
      }
      writeFileSync(path.join(dir, '.vite', 'page-meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
    },
  };
}

/**
 * The app shell's first paint (docs/decisions/060): inlines src/app/app-shell.css into
 * index.html's <head>, and moves the main stylesheet from the head to the end of <body>.
 * A stylesheet in the body holds back only what follows it, so the shell above it paints as
 * soon as the HTML arrives; the module scripts still run only once it has loaded (scripts
 * wait for the stylesheets before them), so the app never renders unstyled.
 */
function appShell(): Plugin {
  // The dev server inlines the shell's style too (it injects the main stylesheet by script).
  let building = false;
  return {
    name: 'hpbc-app-shell',
    configResolved(config) {
      building = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const css = readFileSync(path.resolve(import.meta.dirname, 'src/app/app-shell.css'), 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{}:;,])\s*/g, '$1')
          .trim();
        const stylesheets = [...html.matchAll(/\s*<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
        if (building && stylesheets.length === 0) throw new Error('app-shell: index.html links no stylesheet');
        let out = html;
        for (const link of stylesheets) out = out.replace(link, '');
        return out
          .replace('</head>', `  <style>${css}</style>\n  </head>`)
          .replace('</body>', `  ${stylesheets.map((l) => l.trim()).join('\n    ')}\n  </body>`);
      },
    },
  };
}

/**
 * One chunk, "page-kit", for the shared building blocks of the pages (components/ui, lib,
 * TanStack Query) that the first script and the home page do not already hold. Left to
 * itself the bundler cuts them into a chunk per combination of pages that use them, about
 * twenty requests of 1-2 KiB for a list page, each a round trip on a slow phone connection
 * (docs/decisions/062). Modules reachable from main.tsx or the home route stay where they
 * are, so the home page loads nothing more.
 */
function pageKit(): { plugin: Plugin; test: (id: string) => boolean } {
  const kit = new Set<string>();
  const plugin: Plugin = {
    name: 'hpbc-page-kit',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        roots.forEach(visit);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const byName = (suffix: string) => ids.filter((id) => id.endsWith(suffix));
      const first = closure([...byName('/src/main.tsx'), ...byName('/src/app/routes/home.tsx')]);
      // What the public pages a visitor browses use: the kit holds nothing that pulls more in.
      const browsed = closure(
        ['eiet-list', 'pile-company-list', 'project-list', 'library', 'project-detail']
          .flatMap((r) => byName(`/src/app/routes/${r}.tsx`))
          .concat(byName('/src/app/query-layout.tsx')),
      );
      for (const id of browsed) {
        if (first.has(id)) continue;
        if (/[\\/]src[\\/](components[\\/]ui|lib)[\\/]|[\\/]node_modules[\\/]@tanstack[\\/]/.test(id)) kit.add(id);
      }
    },
  };
  return { plugin, test: (id) => kit.has(id) };
}

/**
 * The signed-in work pages of issue 31, each with the parts it loads at once (under src/):
 * its route module, and the lazy parts it draws (the review screen's lower panels, fetched once
 * its first screen has painted: decision 130); the user area's layout counts as a page of its own.
 */
const WORK_PAGES: Record<string, string[]> = {
  'national-review': [
    'app/routes/national-review',
    'features/documents/components/review-documents',
    'features/presentations/components/presentations-panel',
    'features/change-reports/components/change-reports-panel',
  ],
  'company-requests': ['app/routes/company-requests'],
  'company-inspections': ['app/routes/company-inspections'],
  admin: ['app/routes/admin'],
  'user-layout': ['components/layouts/user-layout'],
};

/** Pages whose own script is within a few KiB of page-scripts' 60 KiB (bench/page-scripts.ts). */
const NEAR_BUDGET = ['app/routes/user-project-documents', 'app/routes/admin-registration-detail'];

/**
 * Public pages, and what a signed-in visitor loads on them (the header's signed-in part): the
 * work pages' chunks hold nothing these load, so that no public page loads more (issue 31).
 */
const PUBLIC_ROOTS = [
  'app/routes/home',
  'app/routes/eiet-list',
  'app/routes/pile-company-list',
  'app/routes/project-list',
  'app/routes/project-detail',
  'app/routes/library',
  'app/routes/form-one',
  'app/routes/statistics',
  'app/routes/national-counterpart',
  'app/routes/recommendation-process',
  'app/routes/verify',
  'app/routes/service-request-track',
  'app/routes/terms',
  'app/routes/privacy',
  'app/routes/contact',
  'app/routes/decision-log',
  'app/routes/not-found',
  'app/routes/login',
  'app/routes/register',
  'app/routes/forgot-password',
  'app/routes/reset-password',
  'app/routes/verify-email',
  'app/query-layout',
  'components/layouts/signed-in-area',
];

/**
 * The work pages' shared modules in a few chunks instead of a chunk per combination of pages
 * (issue 31; docs/decisions/128). Left to itself the bundler cut the review screen's code into
 * about thirty chunks of 1-2 KiB (a badge, a clock, a date format), each a request queued on
 * a phone's slow connection (six at a time over HTTP/1.1). A module that the bundler would
 * split off (reached from two or more places that load on their own) and that a work page
 * (WORK_PAGES) loads goes into "work-kit" when two work pages use it, else into "<page>-kit"
 * beside that page. Nothing the first script, page-kit or a public page (PUBLIC_ROOTS, followed through
 * its lazy imports too) loads is moved, nor any package from node_modules.
 */
function workKit(kitHas: (id: string) => boolean): { plugin: Plugin; name: (id: string) => string | null } {
  const names = new Map<string, string>();
  const plugin: Plugin = {
    name: 'hpbc-work-kit',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.filter((id) => id.endsWith(`/src/${suffix}.tsx`));
      const closure = (roots: string[], lazyToo = false): Set<string> => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const next of info?.importedIds ?? []) visit(next);
          if (lazyToo) for (const next of info?.dynamicallyImportedIds ?? []) visit(next);
        };
        roots.forEach(visit);
        return seen;
      };
      const first = closure([...find('main'), ...find('app/routes/home')]);
      const open = closure(PUBLIC_ROOTS.flatMap(find), true);
      // What loads on its own: the first script and every lazily imported module.
      const entries = new Set(find('main'));
      for (const id of ids) for (const next of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) entries.add(next);
      const reached = new Map<string, number>();
      for (const entry of entries) for (const id of closure([entry])) reached.set(id, (reached.get(id) ?? 0) + 1);
      const roots = new Set(Object.values(WORK_PAGES).flat().flatMap(find));
      const users = new Map<string, Set<string>>();
      for (const [page, parts] of Object.entries(WORK_PAGES)) {
        for (const id of closure(parts.flatMap(find))) {
          if (roots.has(id) || first.has(id) || open.has(id) || kitHas(id)) continue;
          if (/[\\/]node_modules[\\/]|^\0/.test(id) || (reached.get(id) ?? 0) < 2) continue;
          users.set(id, (users.get(id) ?? new Set()).add(page));
        }
      }
      // Pages near page-scripts' 60 KiB that would load the review's kit for one module of it.
      const nearBudget = closure(NEAR_BUDGET.flatMap(find));
      for (const [id, by] of users) {
        if (by.size > 1) names.set(id, 'work-kit');
        else if (by.has('national-review') && !nearBudget.has(id)) names.set(id, 'national-review-kit');
      }
    },
  };
  return { plugin, name: (id) => names.get(id) ?? null };
}

/**
 * Zod without its JSON Schema code in the browser (issue 31; docs/decisions/118). Every zod
 * schema carries a `toJSONSchema` method, so zod's schema module imports its JSON Schema
 * generator (`json-schema-processors.js`, `to-json-schema.js`) and every page that checks a
 * form carried it. Only the server describes its API as JSON Schema (the OpenAPI document);
 * in the browser nothing calls it. For the build, those two imports of zod's schema module
 * resolve to stand-ins with the same names that throw if ever called (the `create…`
 * factories return such a function, so reading a schema's `~standard` still works).
 */
function zodWithoutJsonSchema(): Plugin {
  const prefix = '\0zod-without-json-schema:';
  return {
    name: 'hpbc-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer)) return null;
      if (!/^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/.test(source)) return null;
      return prefix + path.resolve(path.dirname(importer), source);
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const real = readFileSync(id.slice(prefix.length), 'utf8');
      const names = new Set<string>();
      for (const m of real.matchAll(/^export (?:const|function) (\w+)/gm)) names.add(m[1]!);
      // `export { processSchema as process }`: the name after `as`.
      const exported = (part: string) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .at(-1)!;
      for (const m of real.matchAll(/^export \{([^}]*)\}/gm)) m[1]!.split(',').forEach((p) => names.add(exported(p)));
      names.delete('');
      const lines = [
        "function unavailable() { throw new Error('JSON Schema is made by the server only (docs/decisions/118)'); }",
        ...[...names].map(
          (n) => `export const ${n} = ${n.startsWith('create') ? '() => unavailable' : 'unavailable'};`,
        ),
      ];
      return lines.join('\n');
    },
  };
}

const kit = pageKit();
const work = workKit(kit.test);

/**
 * All of zod, and the shared text-field checks made of it (packages/shared/src/text-fields.ts,
 * decision 129), in one chunk. Left to itself the bundler gave text-fields (342 bytes) and
 * zod's `coerce` (87 bytes) chunks of their own, since other sets of pages reach them than zod's
 * schemas: two more small requests beside zod's on pages that check a form (decision 132).
 * Every page that loads either loads zod's schemas; nothing of zod is in the first script.
 */
const withZod = (id: string) =>
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]text-fields\.ts$/.test(id);

/**
 * The inspector pages' service worker (issue 30; docs/decisions/097): src/sw.ts, built with
 * Workbox's precache list of the app's own files. The manifest stays the server's
 * (/manifest.webmanifest, in the reader's language; decision 084), and the worker is registered
 * by the on-site pages themselves (no inline script: the CSP stays strict).
 */
const inspectorApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  manifest: false,
  injectRegister: false,
  disable: process.env.VITEST === 'true',
  injectManifest: {
    globPatterns: ['assets/**/*.{js,css,woff2}', 'favicon.svg', 'icon-192.png', 'icon-512.png'],
    maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [
    zodWithoutJsonSchema(),
    pageTexts(),
    react(),
    reactRouterProduction(),
    tailwindcss(),
    appShell(),
    kit.plugin,
    work.plugin,
    routePreloads(),
    pageMeta(),
    inspectorApp,
    precompress(),
  ],
  // The manifest (dist/.vite/manifest.json) tells bench/run.ts which chunks the home page loads.
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'page-kit', test: kit.test },
            { name: 'zod', test: withZod },
            { name: work.name, test: (id) => work.name(id) !== null },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  // `npm run dev` runs the API on PORT (default 3000); the dev server forwards to it.
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/documents': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
