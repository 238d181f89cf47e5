import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
