/**
 * Each lazily loaded module's own JavaScript beyond the shared entry, from a build alone
 * (`npm run build` first; no server): the figure of `npm run bench`'s page-script goal
 * (issue 31, ≤ 60 KiB gzipped; decisions 108 and 118), as a table, largest first.
 * `node --import tsx bench/page-scripts.ts [dist] [min KiB]`: another build (say, the one
 * before a change, built with `--outDir`), or only the modules from that size up.
 */
import path from 'node:path';
import { pageScriptsFromBuild } from './lib/home-assets';
import { ROOT } from './lib/portal';

const LIMIT = 60 * 1024;
const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/web/dist'));
const from = Number(process.argv[3] ?? 0) * 1024;
const all = pageScriptsFromBuild(dist);
for (const p of all.filter((s) => s.js_gzip_bytes >= from)) {
  const kib = (p.js_gzip_bytes / 1024).toFixed(1).padStart(6);
  const mark = p.library ? 'library' : p.js_gzip_bytes > LIMIT ? 'OVER' : '';
  console.log(`${kib} KiB  ${mark.padEnd(7)}  ${p.src}`);
}
const pages = all.filter((p) => !p.library);
console.log(`${pages.filter((p) => p.js_gzip_bytes > LIMIT).length} of ${pages.length} lazy modules over 60 KiB`);
