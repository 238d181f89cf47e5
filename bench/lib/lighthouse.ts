import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { freePort } from './portal';
import type { Goal } from './goals';
import { CHROMIUM_ARGS } from './chromium';
import { median } from './median';

/** What one run measures (and, as medians, what a page reports). */
interface RunFigures {
  /** Category scores, 0..100. */
  performance: number;
  accessibility: number;
  cls: number;
  tbt_ms: number;
  lcp_ms: number;
  /**
   * Lighthouse's own CPU benchmark of the machine during the run: TBT is the main thread's
   * observed time times 4, so a machine with a lower index scores lower on the same code;
   * compare scores only between runs of like index.
   */
  benchmark_index: number;
}

/** One audited page: the median of its runs for each figure. */
export interface LighthousePage extends RunFigures {
  name: string;
  path: string;
  signed_in: boolean;
  runs: number;
  /** Every run's figures, for the record. */
  samples: RunFigures[];
  /** Accessibility audits that failed in any run (their ids), so a lower score says why. */
  accessibility_failures: string[];
}

interface PageSpec {
  name: string;
  /** The path, or how to find it once signed in (a registration the account reviews). */
  path: string | ((baseUrl: string, token: string) => Promise<string>);
  /** The demo account the page is audited as (its own data, as that person sees it). */
  signedInAs?: string;
  /** The performance score the issue asks for on this page. */
  minPerformance: number;
}

/** The first registration in the demo counterpart's queue: the review screen is audited on it. */
async function firstReview(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/reviews`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { registration: { id: number } }[] };
  const id = body.data[0]?.registration.id;
  if (id === undefined) throw new Error('the demo counterpart has nothing to review');
  return `/user/national/reviews/${id}`;
}

/**
 * The pages of the performance issue: the public pages a visitor opens first (≥ 95), and the
 * work pages (≥ 90) audited as the demo accounts that use them, with the demo's data.
 */
export const LIGHTHOUSE_PAGES: PageSpec[] = [
  { name: 'home', path: '/', minPerformance: 95 },
  { name: 'project list', path: '/project-list', minPerformance: 95 },
  { name: 'EIET list', path: '/eiet-list', minPerformance: 95 },
  { name: 'pile list', path: '/pile-company-list', minPerformance: 95 },
  { name: 'library', path: '/library', minPerformance: 95 },
  { name: 'statistics', path: '/statistics', minPerformance: 90 },
  { name: 'Form One', path: '/form-one', signedInAs: 'project@hpbc.test', minPerformance: 90 },
  { name: 'counterpart review', path: firstReview, signedInAs: 'national@hpbc.test', minPerformance: 90 },
  { name: 'company inbox', path: '/user/company/requests', signedInAs: 'eiet@hpbc.test', minPerformance: 90 },
  { name: 'inspections', path: '/user/company/inspections', signedInAs: 'eiet@hpbc.test', minPerformance: 90 },
  { name: 'admin dashboard', path: '/admin', signedInAs: 'admin@hpbc.test', minPerformance: 90 },
];

export const MAX_CLS = 0.05;
const DEMO_PASSWORD = 'DemoPass!2025';
/** Where the web app keeps its session (apps/web/src/lib/api-client.ts TOKEN_KEY). */
const TOKEN_KEY = 'token';

async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, remember: false, type: 'user' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`${email} could not sign in (${res.status})`);
  return body.token;
}

type SimNode = Lantern.Graph.Node;

/** A node of Lantern's graph in a few words: a request's path and size, or a task's work. */
function describeNode(node: SimNode): string {
  if (node.type === 'network') {
    const r = node.request;
    return `${r.url.replace(/^https?:\/\/[^/]+/, '')} (${r.resourceType ?? '?'}, ${(r.transferSize / 1024).toFixed(1)} KiB)`;
  }
  const names = new Map<string, number>();
  for (const e of node.childEvents) names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const top = [...names]
    .filter(([n]) => !/^(RunTask|ThreadControllerImpl::RunTask)$/.test(n))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([n, ms]) => `${n} ${ms.toFixed(1)}`);
  const urls = [...node.getEvaluateScriptURLs()].map((u) => u.replace(/^.*\//, ''));
  return `task ${(node.duration / 1000).toFixed(1)} ms observed [${top.join(', ')}]${urls.length ? ` eval ${urls.join(' ')}` : ''}`;
}

/**
 * What Lighthouse's simulated LCP waited for, in the run just made (LHR_DIR; issue 31,
 * docs/decisions/130): Lantern (the model behind the simulated slow 4G and 4x CPU figures)
 * replays the requests and main-thread tasks that came before the observed LCP as a graph, and
 * the LCP is the average of an optimistic and a pessimistic simulation's last node to finish.
 * For each simulation: its end, its main thread's simulated busy time, its bytes, and the chain
 * that ends last, walked back from the last node through the dependency that finished last.
 * Lighthouse keeps each simulation's timings by its name until the next run replaces them.
 */
function lanternLcp(): unknown {
  const out: Record<string, unknown> = {};
  for (const label of ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint']) {
    const timings = Lantern.Simulation.Simulator.allNodeTimings.get(label);
    if (!timings) continue;
    const nodes = [...timings.keys()];
    const end = (n: SimNode) => timings.get(n)!.endTime;
    let last = nodes.reduce((a, b) => (end(b) > end(a) ? b : a));
    const chain: string[] = [];
    for (;;) {
      const t = timings.get(last)!;
      chain.push(`${t.startTime.toFixed(0)}-${t.endTime.toFixed(0)} ms ${describeNode(last)}`);
      const deps = last.getDependencies().filter((d) => timings.has(d));
      if (deps.length === 0) break;
      last = deps.reduce((a, b) => (end(b) > end(a) ? b : a));
    }
    const cpu = nodes.filter((n) => n.type === 'cpu');
    out[label] = {
      end_ms: Math.round(Math.max(...nodes.map(end))),
      requests: nodes.length - cpu.length,
      kib: Math.round(nodes.reduce((s, n) => s + (n.type === 'network' ? n.request.transferSize : 0), 0) / 102.4) / 10,
      cpu_tasks: cpu.length,
      cpu_simulated_ms: Math.round(cpu.reduce((s, n) => s + timings.get(n)!.endTime - timings.get(n)!.startTime, 0)),
      chain: chain.reverse(),
      last_to_end: nodes
        .sort((a, b) => end(b) - end(a))
        .slice(0, 12)
        .map((n) => `${timings.get(n)!.startTime.toFixed(0)}-${end(n).toFixed(0)} ms ${describeNode(n)}`),
    };
  }
  return out;
}

/**
 * One Lighthouse run; a run whose trace came out broken (NO_NAVSTART and the like, seen on a
 * loaded machine) is repeated, twice at most, rather than counted.
 */
async function auditOnce(url: string, port: number) {
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    lastError = result.lhr.runtimeError.message;
  }
  throw new Error(`Lighthouse on ${url}: ${lastError}`);
}

/**
 * Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and 4x CPU
 * slowdown) in Debian's Chromium, `runs` times per page, reporting each figure's median.
 *
 * The browser is one persistent profile with a debugging port: Lighthouse opens its own tab
 * in it, so the signed-in page sees the token stored beforehand. Lighthouse clears the HTTP
 * cache before every run but not localStorage (its default clearStorageTypes), so each run
 * is a cold load with the session kept.
 */
export async function runLighthouse(
  baseUrl: string,
  opts: { runs?: number; pages?: PageSpec[] } = {},
): Promise<{ pages: LighthousePage[]; goals: Goal[] }> {
  // The issue's goals are medians of 5 runs.
  const runs = opts.runs ?? 5;
  const specs = opts.pages ?? LIGHTHOUSE_PAGES;
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'hpbc-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const pages: LighthousePage[] = [];
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    for (const spec of specs) {
      // A small same-origin file to hold localStorage without loading (and caching) the app.
      await tab.goto(`${baseUrl}/favicon.svg`);
      const token = spec.signedInAs ? await signIn(baseUrl, spec.signedInAs) : null;
      const pagePath = typeof spec.path === 'string' ? spec.path : await spec.path(baseUrl, token!);
      // A string: the bench is compiled without the DOM's types.
      await tab.evaluate(
        token
          ? `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`
          : `localStorage.removeItem(${JSON.stringify(TOKEN_KEY)})`,
      );
      const samples: LighthousePage['samples'] = [];
      const failures = new Set<string>();
      for (let i = 0; i < runs; i += 1) {
        const lhr = await auditOnce(`${baseUrl}${pagePath}`, port);
        // LHR_DIR: keep each whole report, to read what holds a score back (its LCP chain).
        if (process.env.LHR_DIR) {
          mkdirSync(process.env.LHR_DIR, { recursive: true });
          const file = `${pagePath.replace(/\W+/g, '_') || 'home'}-${i + 1}.json`;
          writeFileSync(path.join(process.env.LHR_DIR, file), JSON.stringify(lhr));
          writeFileSync(
            path.join(process.env.LHR_DIR, file.replace(/\.json$/, '.lantern.json')),
            JSON.stringify(lanternLcp(), null, 2),
          );
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
          tbt_ms: Math.round(value('total-blocking-time')),
          lcp_ms: Math.round(value('largest-contentful-paint')),
          benchmark_index: Math.round(lhr.environment.benchmarkIndex),
        });
        for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failures.add(ref.id);
        }
      }
      const pick = (k: keyof LighthousePage['samples'][number]) => median(samples.map((s) => s[k]));
      pages.push({
        name: spec.name,
        path: pagePath,
        signed_in: Boolean(spec.signedInAs),
        runs,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        cls: pick('cls'),
        tbt_ms: pick('tbt_ms'),
        lcp_ms: pick('lcp_ms'),
        benchmark_index: pick('benchmark_index'),
        samples,
        accessibility_failures: [...failures].sort(),
      });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const goals: Goal[] = [];
  for (const page of pages) {
    const spec = specs.find((s) => s.name === page.name)!;
    goals.push(
      {
        goal: `Lighthouse mobile performance ≥ ${spec.minPerformance} on ${page.name}`,
        figure: `${page.performance} (median of ${page.runs}; TBT ${page.tbt_ms} ms, LCP ${page.lcp_ms} ms)`,
        met: page.performance >= spec.minPerformance,
      },
      {
        goal: `Cumulative layout shift ≤ ${MAX_CLS} on ${page.name}`,
        figure: String(page.cls),
        met: page.cls <= MAX_CLS,
      },
      {
        goal: `Lighthouse accessibility 100 on ${page.name}`,
        figure: `${page.accessibility}${page.accessibility_failures.length ? ` (${page.accessibility_failures.join(', ')})` : ''}`,
        met: page.accessibility === 100,
      },
    );
  }
  return { pages, goals };
}
