import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { PAGE_PRELOADS } from './src/app/page-preloads';

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
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
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
 * its English translation namespaces: the default language). The API adds them to that
 * page's index.html as modulepreload links, so they load alongside the entry script instead
 * of after it.
 */
function routePreloads(): Plugin {
  let dir = path.resolve(import.meta.dirname, 'dist');
  return {
    name: 'hpbc-route-preloads',
    apply: 'build',
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
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
      for (const [page, { module, namespaces }] of Object.entries(PAGE_PRELOADS)) {
        const routeKey = `src/app/routes/${module}.tsx`;
        const textKeys = namespaces.map((ns) => `src/locales/en/${ns}.json`);
        // A renamed module or namespace fails the build rather than silently preloading nothing.
        for (const key of [routeKey, ...textKeys]) {
          if (!manifest[key]) throw new Error(`route-preloads: ${key} is not in the build manifest`);
        }
        const keys = [...closure([routeKey]), ...textKeys].filter((k) => !loadedByIndex.has(k));
        preloads[`/${page}`] = [...new Set(keys)].map((k) => `/${manifest[k]!.file}`);
      }
      writeFileSync(path.join(dir, '.vite', 'route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(), precompress()],
  // The manifest (dist/.vite/manifest.json) tells bench/run.ts which chunks the home page loads.
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 0, manifest: true },
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
