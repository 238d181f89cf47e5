/**
 * Where a page's main-thread script time goes on a phone, by source module: the tool behind
 * decision 120. It builds the web app with source maps into a temporary folder (or uses
 * WEB_DIST, a build made with `vite build --sourcemap`), starts the portal on it, loads each
 * page in Chromium at Lighthouse's 4x CPU slowdown with the V8 sampling profiler on, and maps
 * every sample back to its original file and line. Printed per page:
 * - script time by package or feature folder, and the costliest functions;
 * - the longest runs of work (roughly the long tasks Lighthouse blames for blocking time),
 *   each with the app's own code it ran under;
 * - who called CALLERS_OF (a source path fragment, default `nm:zod`): the app code that built
 *   or ran it;
 * - from Chromium's trace, the main thread's tasks (and their part beyond 50 ms), style
 *   recalculation, layout and paint, and how many elements the page has at the end.
 *
 *   node --import tsx bench/page-profile.ts                    # /, /project-list
 *   PAGES=/user/national/reviews/5 AS=national@hpbc.test node --import tsx bench/page-profile.ts
 *
 * Figures move by tens of milliseconds between runs: read what is large, and compare builds
 * on a quiet machine. Nothing is written to bench/results.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { ROOT, startPortal } from './lib/portal';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PAGES = (process.env.PAGES ?? '/,/project-list').split(',');
const CALLERS_OF = process.env.CALLERS_OF ?? 'nm:zod';
const DEMO_PASSWORD = 'DemoPass!2025';

const ownBuild = !process.env.WEB_DIST;
const dist = process.env.WEB_DIST ?? mkdtempSync(path.join(tmpdir(), 'hpbc-profile-web-'));
if (ownBuild) {
  console.log(`building the web app with source maps into ${dist}...`);
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'ignore',
  });
}

const maps = new Map<string, TraceMap | null>();
/** "src/lib/format.ts:25", "nm:react-dom/…:4627", or the built file's name when it has no map. */
function sourceOf(frame: CallFrame): string {
  if (!frame.url) return `:${frame.functionName}`;
  const file = path.join(dist, new URL(frame.url).pathname);
  if (!maps.has(file))
    maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  const map = maps.get(file);
  const original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
  if (!original?.source) return `${path.basename(file)}:${frame.functionName}`;
  const source = original.source.replace(/.*node_modules\//, 'nm:').replace(/.*\/src\//, 'src/');
  return `${source}:${original.line}`;
}
/** The package (`react-dom`) or the app's folder (`src/features/documents`) a source is in. */
function groupOf(source: string): string {
  if (source.startsWith('nm:')) return source.slice(3).replace(/^((@[^/]+\/)?[^/]+).*/, '$1');
  if (source.startsWith('src/')) return source.split('/').slice(0, 3).join('/').replace(/:\d+$/, '');
  return source.replace(/:.*/, '') || source;
}

const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(5)} ms`;
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

function report(page: string, profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const source = new Map<number, string>();
  const sourceOfNode = (id: number) => {
    let s = source.get(id);
    if (s === undefined) source.set(id, (s = sourceOf(byId.get(id)!.callFrame)));
    return s;
  };
  /** The first frame of the app's own code up the stack from a sample, if any. */
  const appFrame = (id: number | undefined) => {
    for (let hops = 0; id !== undefined && hops < 200; hops += 1, id = parent.get(id)) {
      const s = sourceOfNode(id);
      if (s.startsWith('src/')) return s;
    }
    return undefined;
  };

  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const callers = new Map<string, number>();
  const runs: { start: number; duration: number; samples: number[] }[] = [];
  let total = 0;
  let clock = 0;
  let run: { start: number; samples: number[] } | null = null;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    clock += us;
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(idle)') {
      if (run) runs.push({ ...run, duration: clock - run.start });
      run = null;
      return;
    }
    run ??= { start: clock, samples: [] };
    run.samples.push(i);
    if (name === '(program)') return;
    total += us;
    const s = sourceOfNode(id);
    add(byGroup, groupOf(s), us);
    add(byFunction, `${byId.get(id)!.callFrame.functionName || '(anonymous)'} ${s}`, us);
    if (s.includes(CALLERS_OF)) add(callers, appFrame(id) ?? '(no app code on the stack)', us);
  });

  console.log(`\n=== ${page}: ${ms(total).trim()} of script (4x CPU slowdown)`);
  for (const [k, v] of top(byGroup, 14)) console.log(`  ${ms(v)}  ${k}`);
  console.log('  -- functions');
  for (const [k, v] of top(byFunction, 16)) console.log(`  ${ms(v)}  ${k}`);
  console.log('  -- the longest runs of work ("(program)" is the browser: style, layout, parsing)');
  for (const r of runs.sort((a, b) => b.duration - a.duration).slice(0, 6)) {
    const under = new Map<string, number>();
    for (const i of r.samples) {
      const id = profile.samples[i]!;
      add(under, appFrame(id) ?? sourceOfNode(id), profile.timeDeltas[i] ?? 0);
    }
    const parts = top(under, 5).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`);
    console.log(`  at ${ms(r.start).trim()}, ${ms(r.duration).trim()}: ${parts.join(' | ')}`);
  }
  console.log(`  -- app code under ${CALLERS_OF}`);
  for (const [k, v] of top(callers, 8)) console.log(`  ${ms(v)}  ${k}`);
}

/** Chromium's own timeline (what Lighthouse records): the main thread's tasks, style, layout and paint. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The renderer's main thread from the trace: the browser's own work that the sampling profiler
 * shows only as "(program)" (decision 122) — style recalculation, layout, paint — the sum of
 * every task, and the part of each task beyond 50 ms (what Lighthouse's total blocking time
 * adds up, here over the whole load rather than from first paint to interactive).
 */
function reportBrowserWork(events: TraceEvent[], elements: number): void {
  const main = new Set(
    events.filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byName = new Map<string, number>();
  let blocking = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || !main.has(`${e.pid}:${e.tid}`)) continue;
    add(byName, e.name, e.dur);
    if (e.name === 'RunTask' && e.dur > 50_000) blocking += e.dur - 50_000;
  }
  const of = (...names: string[]) => names.reduce((sum, n) => sum + (byName.get(n) ?? 0), 0);
  console.log("  -- the main thread from the trace (4x): the browser's own work");
  console.log(`  ${ms(of('RunTask'))}  all tasks; ${ms(blocking).trim()} beyond 50 ms in each (blocking)`);
  console.log(`  ${ms(of('UpdateLayoutTree'))}  style recalculation`);
  console.log(`  ${ms(of('Layout'))}  layout`);
  console.log(`  ${ms(of('PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'CompositeLayers'))}  paint`);
  console.log(`  ${ms(of('ParseHTML', 'ParseAuthorStyleSheet'))}  parsing HTML and CSS`);
  console.log(`  ${String(elements).padStart(8)}  elements on the page at the end`);
}

const portal = await startPortal({ env: { WEB_DIST: dist } });
try {
  let token: string | null = null;
  if (process.env.AS) {
    const res = await fetch(`${portal.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: process.env.AS, password: DEMO_PASSWORD, remember: false, type: 'user' }),
    });
    token = ((await res.json()) as { token?: string }).token ?? null;
    if (!token) throw new Error(`${process.env.AS} could not sign in (${res.status})`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const page of PAGES) {
      // Lighthouse's phone: 412 px wide, touch.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const tab = await context.newPage();
      if (token) {
        await tab.goto(`${portal.url}/favicon.svg`);
        // A string: the bench is compiled without the DOM's types (apps/web/src/lib/api-client.ts TOKEN_KEY).
        await tab.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
      }
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await browser.startTracing(tab, { categories: TRACE_CATEGORIES });
      await tab.goto(`${portal.url}${page}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const elements = Number(await tab.evaluate('document.getElementsByTagName("*").length'));
      report(page, profile);
      reportBrowserWork(trace.traceEvents, elements);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await portal.stop();
  if (ownBuild) rmSync(dist, { recursive: true, force: true });
}
