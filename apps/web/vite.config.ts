import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
    writeBundle({ dir = path.resolve(import.meta.dirname, 'dist') }) {
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
        const lazyParts: readonly string[] = 'lazyParts' in spec ? spec.lazyParts : [];
        const codeKeys = [
          `src/app/routes/${module}.tsx`,
          ...(queries ? ['src/app/query-layout.tsx'] : []),
          ...lazyParts.map((part) => `src/${part}.tsx`),
        ];
        const textKeys = namespaces.map((ns) => `src/locales/en/${ns}.json`);
        // A renamed module or namespace fails the build rather than silently preloading nothing.
        for (const key of [...codeKeys, ...textKeys]) {
          if (!manifest[key]) throw new Error(`route-preloads: ${key} is not in the build manifest`);
        }
        const keys = [...closure(codeKeys), ...textKeys].filter((k) => !loadedByIndex.has(k));
        preloads[`/${page}`] = [...new Set(keys)].map((k) => `/${manifest[k]!.file}`);
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
    react(),
    reactRouterProduction(),
    tailwindcss(),
    appShell(),
    kit.plugin,
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
        codeSplitting: { groups: [{ name: 'page-kit', test: kit.test }], includeDependenciesRecursively: false },
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
