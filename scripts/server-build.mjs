// The server compiled ahead of time (docs/decisions/117-server-compiled-ahead-of-time.md):
// apps/api/src and the shared package bundled by esbuild into apps/api/dist, so that
// `npm start`, `npm run cluster`, the benchmarks and the end-to-end journeys run plain
// `node apps/api/dist/server.mjs` instead of compiling every module through tsx at each
// start. Tests and `npm run dev` still run the TypeScript through tsx.
//
//   node scripts/server-build.mjs   (part of `npm run build`; `npm start` runs it when needed)
//
// Dependencies stay in node_modules and are imported from there at run time, as before; only
// our own modules are bundled. A module imported with `import()` stays lazy, with the
// dependencies it imports: it is a chunk of its own, loaded on first use. A chunk of an
// earlier build is kept for a week, so a server still running from that build (between an
// update's `npm run build` and its restart) can still load it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const API = 'apps/api';
export const SERVER_DIST = path.join(ROOT, API, 'dist');
/** Written last: when the build began and the files it read, for the stale check of a later start. */
const MANIFEST = 'build.json';
const CHUNK = /^chunk-[A-Z0-9]+\.mjs(\.map)?$/;
const KEEP_OLD_CHUNKS_MS = 7 * 24 * 3600 * 1000;

/** What `npm start` runs with `node`. */
export function serverEntry(dist = SERVER_DIST) {
  return path.join(dist, 'server.mjs');
}

/**
 * The arguments of `node` that run the compiled server: with the bundle's linked source maps
 * on, so that a stack trace in the log names the TypeScript file and line, not a line of the
 * bundle (about 60 ms more at start, measured 2026-11-26). `scripts/start.mjs` runs the server
 * in its own process and turns them on with `process.setSourceMapsEnabled` instead.
 */
export function serverArgs(dist = SERVER_DIST, nodeArgs = []) {
  return [...nodeArgs, '--enable-source-maps', serverEntry(dist)];
}

/**
 * The sources that find files beside themselves (`import.meta.dirname`, `new URL(…,
 * import.meta.url)`), and what the build puts beside the bundle under the same name, so that
 * the same code finds it from apps/api/dist: a file or folder copied, or a worker thread's
 * entry compiled in place of the .mjs that registers tsx for it when running from source.
 * A new such source fails the build until it is listed here.
 */
const BESIDE = {
  // '../../web/dist' is the same folder from apps/api/src and from apps/api/dist.
  [`${API}/src/config.ts`]: [],
  [`${API}/src/db/client.ts`]: [{ copy: `${API}/src/db/migrations`, as: 'migrations' }],
  [`${API}/src/lib/passwords.ts`]: [{ copy: `${API}/src/lib/common-passwords.txt`, as: 'common-passwords.txt' }],
  [`${API}/src/db/pglite-thread.ts`]: [
    { entry: `${API}/src/db/pglite-thread.worker.ts`, as: 'pglite-thread.boot.mjs' },
  ],
  [`${API}/src/modules/library/pdf-text-thread.ts`]: [
    { entry: `${API}/src/modules/library/pdf-worker-main.ts`, as: 'pdf-worker.mjs' },
  ],
};
const READS_BESIDE = /import\.meta\.(dirname|filename)|new URL\([^)]*import\.meta\.url/;

/** Bare imports are dependencies, loaded from node_modules at run time; the workspace's own packages (TypeScript) are bundled. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@hpbc/') ? undefined : { path: args.path, external: true },
    );
  },
};

function filesUnder(file) {
  if (!statSync(file).isDirectory()) return [file];
  return readdirSync(file).flatMap((name) => filesUnder(path.join(file, name)));
}

/** Writes a file under a temporary name, then renames it: a process starting meanwhile reads the old or the new one whole. */
function writeWhole(file, contents) {
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, contents);
  renameSync(part, file);
}

/** Compiles the server into `dist` (apps/api/dist unless told otherwise: the test's own folder). */
export async function buildServer({ dist = SERVER_DIST } = {}) {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const beside = Object.values(BESIDE).flat();
  const entryPoints = { server: `${API}/src/server.ts` };
  for (const b of beside) if (b.entry) entryPoints[path.basename(b.as, '.mjs')] = b.entry;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    // Beside the entries, so that every output file has the same import.meta.dirname (BESIDE).
    chunkNames: 'chunk-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Class and function names as in the source: the logs' error types (pino's `type`) stay the same.
    keepNames: true,
    sourcemap: 'linked',
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [dependenciesStayExternal],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/'));
  for (const file of inputs) {
    if (!(file in BESIDE) && READS_BESIDE.test(readFileSync(path.join(ROOT, file), 'utf8'))) {
      throw new Error(
        `${file} finds a file beside itself: say in scripts/server-build.mjs (BESIDE) what the compiled server needs beside it`,
      );
    }
  }

  mkdirSync(dist, { recursive: true });
  rmSync(path.join(dist, MANIFEST), { force: true });
  for (const out of result.outputFiles) writeWhole(out.path, out.contents);
  const copied = [];
  for (const b of beside) {
    if (!b.copy) continue;
    const to = path.join(dist, b.as);
    rmSync(to, { recursive: true, force: true });
    cpSync(path.join(ROOT, b.copy), to, { recursive: true });
    copied.push(...filesUnder(path.join(ROOT, b.copy)).map((f) => path.relative(ROOT, f)));
  }
  const written = new Set(result.outputFiles.map((f) => path.basename(f.path)));
  for (const name of readdirSync(dist)) {
    const file = path.join(dist, name);
    if (CHUNK.test(name) && !written.has(name) && statSync(file).mtimeMs < Date.now() - KEEP_OLD_CHUNKS_MS)
      rmSync(file);
  }
  writeWhole(path.join(dist, MANIFEST), JSON.stringify({ builtAtMs: startedAt, inputs: [...inputs, ...copied] }));
  return {
    ms: Date.now() - startedAt,
    bytes: result.outputFiles.filter((f) => f.path.endsWith('.mjs')).reduce((n, f) => n + f.contents.length, 0),
  };
}

/**
 * True when the compiled server is missing, unfinished, or any file it was built from (or
 * this script) changed since: a checkout, a pull or an edit makes the next start rebuild.
 */
export function serverBuildIsStale(dist = SERVER_DIST) {
  let last;
  try {
    last = JSON.parse(readFileSync(path.join(dist, MANIFEST), 'utf8'));
  } catch {
    return true;
  }
  for (const file of [...last.inputs, path.relative(ROOT, import.meta.filename)]) {
    try {
      if (statSync(path.join(ROOT, file)).mtimeMs > last.builtAtMs) return true;
    } catch {
      return true; // a source removed or renamed
    }
  }
  return false;
}

/**
 * Compiles the server when it is missing or stale, in a child process so that any caller can
 * wait for it (`npm start`, `npm run cluster`, the benchmarks, the journeys).
 */
export function ensureServerBuilt() {
  if (!serverBuildIsStale()) return;
  process.stdout.write('Compiling the server (first start, or its sources changed)...\n');
  const build = spawnSync(process.execPath, [import.meta.filename], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not compile (node scripts/server-build.mjs)');
}

if (process.argv[1] === import.meta.filename) {
  const { ms, bytes } = await buildServer();
  process.stdout.write(
    `Server compiled into ${path.relative(ROOT, SERVER_DIST)} (${Math.round(bytes / 1024)} KiB, ${ms} ms)\n`,
  );
}
