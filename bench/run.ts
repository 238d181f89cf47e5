// `npm run bench`: the foundation figures, measured side by side in one run.
//  1. GET /api/project-list on the real server against a bare node:http server that
//     answers the very same bytes and headers: the ratio shows what the framework, the
//     routing and the prepared-answer lookup cost on top of writing bytes to a socket,
//     as requests/s, latency and CPU time per request.
//  2. The gzipped JavaScript and CSS the home page loads.
// Results go to bench/results/foundation.{json,md}. Loopback only; about 40 s in all.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { homeAssetsFromBuild, homeAssetsInBrowser, type HomeAssets } from './lib/home-assets';
import { fetchRaw, measure, measureAlternating, startBareServer, type LoadFigures } from './lib/http-load';
import { machine } from './lib/machine';
import { ROOT, startPortal } from './lib/portal';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 2;
// The load alternates between the two servers so that other work on the machine weighs on both alike.
const ROUNDS = 2;
// What a browser asks for; the portal answers brotli to it.
const ACCEPT_ENCODING = 'br, gzip';
const DIST = path.join(ROOT, 'apps/web/dist');
const RESULTS = path.join(ROOT, 'bench/results');

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

function assetsTable(a: HomeAssets): string {
  return [
    '| File | Size | Gzipped |',
    '|---|---:|---:|',
    ...a.files.map((f) => `| ${f.file} | ${kb(f.bytes)} | ${kb(f.gzip_bytes)} |`),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run bench` (it builds first)');
  }
  const built = homeAssetsFromBuild(DIST);

  console.log('starting the portal (embedded database, demo data)...');
  const portal = await startPortal();
  let results;
  try {
    const listUrl = `${portal.url}/api/project-list`;
    const plain = await fetchRaw(listUrl, {});
    const projects = (JSON.parse(plain.body.toString('utf8')) as { data: unknown[] }).data.length;
    const gzipAnswer = await fetchRaw(listUrl, { 'accept-encoding': 'gzip' });
    const answer = await fetchRaw(listUrl, { 'accept-encoding': ACCEPT_ENCODING });
    if (answer.status !== 200) throw new Error(`GET /api/project-list answered ${answer.status}`);

    const bare = await startBareServer(answer);
    const load = { seconds: SECONDS, connections: CONNECTIONS, headers: { 'accept-encoding': ACCEPT_ENCODING } };
    let portalFigures: LoadFigures;
    let bareFigures: LoadFigures;
    try {
      console.log(`warming up both servers (${WARMUP_SECONDS} s each)...`);
      const portalTarget = { url: listUrl, pid: portal.pid };
      const bareTarget = { url: `${bare.url}/api/project-list`, pid: bare.pid };
      await measure(portalTarget, { ...load, seconds: WARMUP_SECONDS });
      await measure(bareTarget, { ...load, seconds: WARMUP_SECONDS });
      console.log(
        `measuring: ${ROUNDS} alternating rounds of ${SECONDS / ROUNDS} s on each server, ${CONNECTIONS} connections...`,
      );
      const figures = await measureAlternating([portalTarget, bareTarget], {
        ...load,
        rounds: ROUNDS,
        secondsPerRound: SECONDS / ROUNDS,
      });
      portalFigures = figures[0]!;
      bareFigures = figures[1]!;
    } finally {
      await bare.stop();
    }
    for (const [name, f] of [
      ['portal', portalFigures],
      ['bare', bareFigures],
    ] as const) {
      if (f.errors > 0 || f.non_2xx > 0) throw new Error(`${name}: ${f.errors} errors, ${f.non_2xx} non-2xx answers`);
    }

    console.log('loading the home page in Chromium...');
    const inBrowser = await homeAssetsInBrowser(DIST, `${portal.url}/`);

    results = {
      machine: machine(),
      project_list: {
        projects,
        accept_encoding: ACCEPT_ENCODING,
        content_encoding: answer.headers['content-encoding'] ?? 'identity',
        bytes: { identity: plain.body.length, gzip: gzipAnswer.body.length, sent: answer.body.length },
        load: { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, warmup_seconds: WARMUP_SECONDS },
        portal: portalFigures,
        bare_node_http: bareFigures,
        ratio: Number((portalFigures.requests_per_second / bareFigures.requests_per_second).toFixed(3)),
        cpu_ratio:
          portalFigures.cpu_us_per_request && bareFigures.cpu_us_per_request
            ? Number((portalFigures.cpu_us_per_request / bareFigures.cpu_us_per_request).toFixed(2))
            : null,
      },
      home_page: { from_build: built, in_browser: inBrowser ?? null },
    };
  } finally {
    await portal.stop();
  }

  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'foundation.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(RESULTS, 'foundation.md'), summary(results));
  console.log(summary(results));
}

function summary(r: {
  machine: ReturnType<typeof machine>;
  project_list: {
    projects: number;
    accept_encoding: string;
    content_encoding: string;
    load: { seconds: number; rounds: number; connections: number; warmup_seconds: number };
    bytes: { identity: number; gzip: number; sent: number };
    portal: LoadFigures;
    bare_node_http: LoadFigures;
    ratio: number;
    cpu_ratio: number | null;
  };
  home_page: { from_build: HomeAssets; in_browser: HomeAssets | null };
}): string {
  const { machine: m, project_list: p, home_page: h } = r;
  const row = (name: string, f: LoadFigures) =>
    `| ${name} | ${f.requests_per_second.toLocaleString('en-US')} | ${f.latency_p50_ms} ms | ${f.latency_p99_ms} ms | ${f.cpu_us_per_request === null ? 'n/a' : `${f.cpu_us_per_request} µs`} |`;
  const home = h.in_browser ?? h.from_build;
  return `# Foundation benchmark

${m.date.slice(0, 10)}, commit ${m.commit ?? 'unknown'}: ${m.nproc} cores (${m.cpu}), ${m.memory_gb} GB, Node ${m.node}; load average ${m.load_average_1m} when the run started.
Produced by \`npm run bench\` (bench/run.ts); the raw figures are in foundation.json.

## GET /api/project-list: the portal against a bare node:http server

${p.projects} projects; ${kb(p.bytes.identity)} of JSON, sent as ${p.content_encoding} (${kb(p.bytes.sent)}; gzip ${kb(p.bytes.gzip)}).
Both servers answer the same bytes and headers on loopback; after a ${p.load.warmup_seconds} s warm-up each, autocannon loads each for ${p.load.seconds} s in all (${p.load.rounds} alternating rounds; p99 is the worse round's) with ${p.load.connections} connections, sending \`Accept-Encoding: ${p.accept_encoding}\`.

| Server | Requests/s | p50 | p99 | CPU per request |
|---|---:|---:|---:|---:|
${row('HPBC portal (Fastify)', p.portal)}
${row('bare node:http, same bytes', p.bare_node_http)}

**Ratio: the portal serves ${(p.ratio * 100).toFixed(0)} % of the bare server's requests per second.**
${
  p.cpu_ratio === null
    ? ''
    : `
CPU per request is the serving process's CPU time (user and system, all threads, from /proc) divided by the requests it answered; it depends much less on other work on the machine than requests/s does. The portal spends ${p.cpu_ratio} times the bare server's CPU time on each request.
`
}
## JavaScript and CSS of the home page (gzipped)

**${kb(home.js_gzip_bytes)} of JavaScript and ${kb(home.css_gzip_bytes)} of CSS** (${kb(home.js_bytes)} and ${kb(home.css_bytes)} before compression)${h.in_browser ? ', as loaded by Chromium' : ', from the build'}.

${assetsTable(home)}
${browserNote(h)}`;
}

function browserNote(h: { from_build: HomeAssets; in_browser: HomeAssets | null }): string {
  if (!h.in_browser) return '';
  const b = h.from_build;
  const same = b.js_gzip_bytes === h.in_browser.js_gzip_bytes && b.css_gzip_bytes === h.in_browser.css_gzip_bytes;
  return `
From the build alone (the entry script, its static imports and the home route's chunk, read from Vite's manifest): ${kb(b.js_gzip_bytes)} of JavaScript and ${kb(b.css_gzip_bytes)} of CSS gzipped${same ? ', the same files the browser loaded.' : '; the difference is what the page loads on demand (translation namespaces and the like).'}
`;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
