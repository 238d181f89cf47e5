// The project list at 300, 10,000 and 100,000 projects: `node --import tsx bench/project-list-scale.ts`
// (after `npm run build`). For each size it starts the real server with DEMO_PROJECTS=<size>
// and measures
//  - the specified whole-list answer GET /api/project-list: time of the first answer after
//    start (it is built then), time when warm, and its size raw, gzip and brotli;
//  - the paged answer the page uses (GET /api/project-list?page=&per_page=25&...): first
//    page, a deep page, and filtered by name, by status and by location;
//  - in Chromium, the time from navigation until the table shows its first row, and, for
//    comparison, what loading the whole list in the page would take (fetch + JSON parse +
//    filter + first page), as the specification's client-side list would.
// Results go to bench/results/project-list-scale.{json,md}. Loopback only. BENCH_SIZES
// (comma-separated) and BENCH_RUNS change the run for a quick try; commit only the defaults.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { fetchRaw } from './lib/http-load';
import { machine } from './lib/machine';
import { ROOT, startPortal } from './lib/portal';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { median } from './lib/median';

const SIZES = (process.env.BENCH_SIZES ?? '300,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const RESULTS = path.join(ROOT, 'bench/results');
const round = (x: number, digits = 1) => Number(x.toFixed(digits));

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const answer = await fetchRaw(url, headers);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return { ms: performance.now() - started, bytes: answer.body.length, body: answer.body };
}

async function medianMs(url: string, headers: Record<string, string> = {}, runs = RUNS) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(url, headers)).ms);
  return round(median(times));
}

interface SizeResult {
  projects: number;
  start_seconds: number;
  whole_list: {
    first_ms: number;
    warm_ms_br: number;
    warm_ms_identity: number;
    bytes_raw: number;
    bytes_gzip: number;
    bytes_br: number;
  };
  paged: Record<string, { ms: number; bytes: number }>;
  browser: { table_visible_ms: number; whole_list_in_page_ms: number } | undefined;
}

async function browserFigures(browser: Browser, url: string) {
  const visible: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < BROWSER_RUNS; i++) {
    // A new context each time: empty cache and session storage, as a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/project-list`, { waitUntil: 'commit' });
    await page.locator('main table tbody tr').first().waitFor({ state: 'visible', timeout: 120_000 });
    visible.push(await page.evaluate(() => performance.now()));
    whole.push(
      await page.evaluate(async () => {
        const started = performance.now();
        const res = await fetch('/api/project-list', {
          headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' },
        });
        const { data } = (await res.json()) as { data: { project_name: string }[] };
        const rows = data.filter((p) => p.project_name.toLowerCase().includes('tower')).slice(0, 25);
        return rows.length >= 0 ? performance.now() - started : 0;
      }),
    );
    await context.close();
  }
  return { table_visible_ms: round(median(visible)), whole_list_in_page_ms: round(median(whole)) };
}

async function measureSize(projects: number, browser: Browser | undefined): Promise<SizeResult> {
  const started = performance.now();
  const portal = await startPortal({
    env: { DEMO_PROJECTS: String(projects) },
    readyPath: '/api/project-list?page=1',
    readyTimeoutMs: 600_000,
  });
  const startSeconds = round((performance.now() - started) / 1000);
  try {
    const api = `${portal.url}/api/project-list`;
    const first = await timed(api, { 'accept-encoding': 'br, gzip' });
    const raw = await timed(api);
    const gz = await timed(api, { 'accept-encoding': 'gzip' });
    const br = await timed(api, { 'accept-encoding': 'br' });
    const listed = (JSON.parse(raw.body.toString('utf8')) as { data: unknown[] }).data.length;
    if (listed !== projects) throw new Error(`expected ${projects} projects, the list has ${listed}`);

    const lastPage = Math.ceil(projects / 25);
    const pagedUrls: Record<string, string> = {
      first_page: '?page=1&per_page=25',
      last_page: `?page=${lastPage}&per_page=25`,
      by_name: '?page=1&per_page=25&project=tower',
      by_status: '?page=1&per_page=25&status=On+Hold',
      by_location: '?page=1&per_page=25&location=yangon',
      all_three: '?page=1&per_page=25&project=residence&status=Active&location=mandalay',
    };
    const paged: SizeResult['paged'] = {};
    for (const [name, query] of Object.entries(pagedUrls)) {
      const one = await timed(`${api}${query}`, { 'accept-encoding': 'br, gzip' });
      paged[name] = { ms: await medianMs(`${api}${query}`, { 'accept-encoding': 'br, gzip' }), bytes: one.bytes };
    }

    return {
      projects,
      start_seconds: startSeconds,
      whole_list: {
        first_ms: round(first.ms),
        warm_ms_br: await medianMs(api, { 'accept-encoding': 'br, gzip' }),
        warm_ms_identity: await medianMs(api),
        bytes_raw: raw.bytes,
        bytes_gzip: gz.bytes,
        bytes_br: br.bytes,
      },
      paged,
      browser: browser ? await browserFigures(browser, portal.url) : undefined,
    };
  } finally {
    await portal.stop();
  }
}

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

function markdown(results: SizeResult[], meta: Record<string, unknown>): string {
  const cols = results.map((r) => r.projects.toLocaleString('en-US'));
  const row = (label: string, values: string[]) => `| ${label} | ${values.join(' | ')} |`;
  const lines = [
    '# Project list at scale',
    '',
    `Measured ${meta.date} on ${meta.cpu} (${meta.nproc} cores, load ${meta.load_average_1m}), Node ${meta.node}, commit ${meta.commit}.`,
    `Embedded database (PGlite); loopback; medians of ${RUNS} requests and ${BROWSER_RUNS} page loads.`,
    'Script: `bench/project-list-scale.ts`; decision: `docs/decisions/008-project-list-server-paging.md`.',
    '',
    row('Projects', cols),
    `|---|${cols.map(() => '---:').join('|')}|`,
    row(
      'Server start with seeding (s)',
      results.map((r) => String(r.start_seconds)),
    ),
    row(
      'Whole list: first answer after start (ms)',
      results.map((r) => String(r.whole_list.first_ms)),
    ),
    row(
      'Whole list: warm, brotli (ms)',
      results.map((r) => String(r.whole_list.warm_ms_br)),
    ),
    row(
      'Whole list: warm, uncompressed (ms)',
      results.map((r) => String(r.whole_list.warm_ms_identity)),
    ),
    row(
      'Whole list size: raw',
      results.map((r) => size(r.whole_list.bytes_raw)),
    ),
    row(
      'Whole list size: gzip',
      results.map((r) => size(r.whole_list.bytes_gzip)),
    ),
    row(
      'Whole list size: brotli',
      results.map((r) => size(r.whole_list.bytes_br)),
    ),
    ...Object.keys(results[0]!.paged).map((name) =>
      row(
        `Page of 25, ${name.replace(/_/g, ' ')} (ms)`,
        results.map((r) => String(r.paged[name]!.ms)),
      ),
    ),
    row(
      'Page of 25: size as sent (not compressed)',
      results.map((r) => size(r.paged.first_page!.bytes)),
    ),
    row(
      'Chromium: navigation to first table row (ms)',
      results.map((r) => String(r.browser?.table_visible_ms ?? 'n/a')),
    ),
    row(
      'Chromium: whole list fetched, parsed and filtered in the page (ms)',
      results.map((r) => String(r.browser?.whole_list_in_page_ms ?? 'n/a')),
    ),
    '',
    'The page asks the server for one filtered page of 25 (`?page=&per_page=&project=&status=&location=`);',
    'the last row shows what loading the whole list into the page would cost instead.',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  const meta = machine();
  const browser = existsSync(CHROMIUM_PATH)
    ? await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
      })
    : undefined;
  const results: SizeResult[] = [];
  try {
    for (const projects of SIZES) {
      process.stdout.write(`measuring ${projects} projects…\n`);
      const result = await measureSize(projects, browser);
      process.stdout.write(`${JSON.stringify(result)}\n`);
      results.push(result);
    }
  } finally {
    await browser?.close();
  }
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    path.join(RESULTS, 'project-list-scale.json'),
    `${JSON.stringify({ meta: { ...meta, runs: RUNS, browser_runs: BROWSER_RUNS }, results }, null, 2)}\n`,
  );
  writeFileSync(path.join(RESULTS, 'project-list-scale.md'), markdown(results, meta));
  process.stdout.write(`written to ${path.relative(ROOT, RESULTS)}/project-list-scale.{json,md}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
